import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** GET /platform/config — public settings the web app needs at start. Never holds secrets. */
export const publicConfig = lazySchema(() => z.object({
  solanaRpcUrl: z.string().nullable(),
  solanaWsUrl: z.string().nullable(),
  /** `localnet` for the embedded chain, otherwise the cluster name (e.g. `devnet`, `mainnet-beta`). */
  cluster: z.string(),
  /** Third-party URL answering the caller's public IP; null = no lookup. */
  ipLookupUrl: z.string().nullable(),
  supportEmail: z.string(),
  supportChatUrl: z.string(),
  telegramBotUsername: z.string().nullable(),
  /** The escrow program the browser builds deal instructions for; null when the server runs without a chain. */
  escrowProgramId: z.string().nullable(),
  /** The admin key: fee payer and co-signer of every escrow transaction; null without a chain. */
  feePayer: z.string().nullable(),
  /** Whether POST /platform/dev/faucet sends test funds: only on the embedded localnet, never with SOLANA_RPC_URL. */
  testFunds: z.boolean(),
}));
export type PublicConfig = z.infer<typeof publicConfig>;

/** GET /health */
/** Readiness: `draining` after SIGTERM (still serving while the balancer takes it out); rpc `none` without a chain. */
export const healthResponse = lazySchema(() => z.object({
  status: z.enum(['ok', 'error', 'draining']),
  db: z.enum(['ok', 'error']),
  rpc: z.enum(['ok', 'error', 'none']),
}));
export const livenessResponse = lazySchema(() => z.object({ status: z.literal('ok') }));
export type HealthResponse = z.infer<typeof healthResponse>;
