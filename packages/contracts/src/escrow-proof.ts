import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { baseUnits } from './orders.ts';
import { lazySchema } from './lazy-schema.ts';

/** GET /platform/escrow-proof — what the escrow holds, read from the chain, beside what the database says is locked. */
export const escrowProofPath = '/platform/escrow-proof';

const address = lazySchema(() => z.string().min(32).max(44));
const sha256 = lazySchema(() => z.string().regex(/^[0-9a-f]{64}$/));

/** One escrow vault (one per offer on chain): its balance on chain and the deals the database has locked in it. */
export const escrowVault = lazySchema(() => z.object({
  offerId: z.number().int().positive(),
  /** The deals whose tokens the database says sit in this vault (locked, signed by one party, or in a dispute). */
  dealIds: z.array(z.number().int().positive()),
  symbol: z.string(),
  mint: address,
  decimals: z.number().int().min(0).max(18),
  vault: address,
  explorerUrl: z.url(),
  /** Base units the vault's token account holds now; null when the account does not exist on chain. */
  onChain: baseUnits.nullable(),
  /** Base units the database says are locked in it. */
  inDatabase: baseUnits,
  /** onChain − inDatabase as a signed decimal string of base units; "0" when they agree. */
  difference: z.string().regex(/^-?\d+$/),
  matches: z.boolean(),
  /**
   * From when the parties can take the vault's tokens back on chain without Jelly (its deals' latest escape deadline,
   * or the idle offer's); null when it cannot be said: no order on chain, or a deal marked paid and not released
   * (that needs both parties or a decision).
   */
  escapeFrom: isoDateTime.nullable(),
}));
export type EscrowVault = z.infer<typeof escrowVault>;

export const escrowTokenTotal = lazySchema(() => z.object({
  symbol: z.string(),
  mint: address,
  decimals: z.number().int().min(0).max(18),
  onChain: baseUnits,
  inDatabase: baseUnits,
}));
export type EscrowTokenTotal = z.infer<typeof escrowTokenTotal>;

export const escrowProgramProof = lazySchema(() => z.object({
  programId: address,
  programData: address.nullable(),
  explorerUrl: z.url(),
  /** null: the program is immutable (or not an upgradeable program). */
  upgradeAuthority: address.nullable(),
  /**
   * sha256 of the deployed program's bytes: the program data after its header, up to the end its ELF header declares
   * or its last non-zero byte (the loader's zero padding left out; the rule in packages/escrow/src/program-hash.ts),
   * so it equals the hash `npm run escrow -- deploy | upgrade` and `verify:program` print; null when unreadable.
   */
  deployedSha256: sha256.nullable(),
  /** sha256 of the committed build by the same rule, the hash `npm run verify:program` prints for the source. */
  sourceSha256: sha256,
  /** The deployed bytes equal the committed build, and the rest of the program data is zero padding. */
  matches: z.boolean(),
}));

export const escrowProofResponse = lazySchema(() => z.object({
  cluster: z.string(),
  /** When the chain was read (answers are cached briefly). */
  readAt: isoDateTime,
  program: escrowProgramProof,
  /** Vaults that hold tokens on chain or that the database says hold tokens; sorted by offer id. */
  vaults: z.array(escrowVault),
  totals: z.array(escrowTokenTotal),
  /** The program Config's escape deadline (seconds after a deal's or an offer's last action); null without a Config. */
  escapeAfterSeconds: z.number().int().nonnegative().nullable(),
  /** Every vault matches the database. */
  reconciled: z.boolean(),
}));
export type EscrowProof = z.infer<typeof escrowProofResponse>;
