import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * A quote row no swap refers to: a quote is written with its swap at submit (swap-writes.ts), so these are the rows of
 * a submit whose transaction another swap had already recorded (one transaction is one swap), and the rows that
 * versions which stored every quote left behind (or, in a rolling deploy, still write). A quote row is deleted once
 * it expired more than QUOTE_KEPT_AFTER_EXPIRY_MS ago, unless a swap refers to it (a submitted quote stays with its
 * swap for good). Single use does not depend on these rows: it is the swap's unique quote_id.
 */
export const QUOTE_KEPT_AFTER_EXPIRY_MS = 10 * 60_000;
/** Rows per DELETE: short statements, so an embedded database (which blocks the process while it writes) stays responsive. */
const ROWS_PER_DELETE = 500;

/**
 * Deletes expired quotes no swap refers to, in batches, and returns how many. Safe on several replicas at once: each
 * batch locks its rows with SKIP LOCKED, so two sweeps take different rows and never wait on each other; a quote a
 * submit is inserting its swap for is locked by that insert's foreign-key check and skipped. The margin after expiry
 * keeps the rows a late submit may still read (a submit after expiry is refused anyway).
 */
export async function deleteExpiredQuotes(db: Database, now: Date, batch = ROWS_PER_DELETE): Promise<number> {
  const cutoff = new Date(now.getTime() - QUOTE_KEPT_AFTER_EXPIRY_MS).toISOString();
  let deleted = 0;
  for (;;) {
    // created_at ≤ expire_at, so the created_at condition changes nothing but lets the scan use swap_quotes_created_idx.
    const rows = await queryRows<{ id: string }>(
      db,
      sql`DELETE FROM swap_quotes WHERE id IN (
        SELECT q.id FROM swap_quotes q
        WHERE q.created_at < ${cutoff}::timestamptz AND q.expire_at < ${cutoff}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM swaps s WHERE s.quote_id = q.id)
        ORDER BY q.created_at
        LIMIT ${batch}
        FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    );
    deleted += rows.length;
    if (rows.length < batch) return deleted;
    // Let requests in between two batches (the embedded database runs inside this process).
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** One run of the expired-quote sweep (a job of the app's list, every `quoteSweepMs`; tests call it themselves). */
export function expiredQuoteSweepRun(app: FastifyInstance): () => Promise<void> {
  return async () => {
    const deleted = await deleteExpiredQuotes(app.db, app.config.now());
    if (deleted > 0) app.log.info({ deleted }, 'expired swap quotes deleted');
  };
}
