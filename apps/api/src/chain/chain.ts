import type { Connection, PublicKey } from '@solana/web3.js';
import type { PlatformKey } from './keys/platform-key.ts';

/** Amounts the embedded localnet's dev faucet hands out: lamports and token base units. */
export interface FaucetAmounts {
  sol?: bigint;
  usdc?: bigint;
  usdt?: bigint;
}

/**
 * Everything the API needs to act on Solana: the RPC connection, the admin key (fee payer and co-signer
 * of every escrow transaction) and the escrow program id. The treasury and the fee are read from the
 * program's Config account: the chain is their single source of truth.
 */
export interface Chain {
  connection: Connection;
  /** The admin's key: its address for all, its signature only through the gate (chain/gate). */
  admin: PlatformKey;
  programId: PublicKey;
  /** URLs the browser uses (published by GET /api/platform/config). */
  rpcUrl: string;
  wsUrl: string | null;
  cluster: string;
  /** Only on the embedded localnet: sends test SOL/USDC/USDT to a wallet. */
  faucet: ((wallet: PublicKey, amounts: FaucetAmounts) => Promise<string>) | null;
  close(): Promise<void>;
}
