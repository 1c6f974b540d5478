import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { jellySeed } from '../../db/schema/index.ts';
import { solanaDepositKey } from './deposit-keys.ts';

/** Refused at start; the operator's fix is in the message. */
export const SEED_MISMATCH =
  'COIN_JELLY_SEED differs from the seed this database’s Coin Jelly deposit addresses were derived from. Give every ' +
  'server on this database the same COIN_JELLY_SEED (or restore the data folder’s coin-jelly-seed file): with another ' +
  'seed the server would watch, sweep and refund other addresses than the ones the orders were given.';

/** The seed's fingerprint: its Solana deposit address at index 0, which no order uses (ids start at 1). */
export function seedFingerprint(seed: Uint8Array): string {
  return solanaDepositKey(seed, 0).publicKey.toBase58();
}

/**
 * Records the seed's fingerprint on the first start against this database and checks it on every later one, so
 * replicas with different seeds (each generating its own into its data folder) or a lost seed file stop the server
 * before it hands out or watches a single address. The insert is a no-op when a row exists, so replicas starting
 * together agree on the first one.
 */
export async function checkSeed(db: Database, seed: Uint8Array, now: Date): Promise<void> {
  const fingerprint = seedFingerprint(seed);
  await db.insert(jellySeed).values({ id: 1, fingerprint, createdAt: now }).onConflictDoNothing();
  const [row] = await db.select({ fingerprint: jellySeed.fingerprint }).from(jellySeed).where(eq(jellySeed.id, 1));
  if (row?.fingerprint !== fingerprint) throw new Error(SEED_MISMATCH);
}
