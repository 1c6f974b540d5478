import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { queryRows, type Queryable } from '../../db/rows.ts';
import { platformSends } from '../../db/schema/index.ts';
import { notifySends, type SendEnd } from './send-observer.ts';

/** A send the gate recorded before it left, as the recovery job reads it back. */
export interface RecordedSend {
  signature: string;
  kind: string;
  ownerRef: string | null;
  raw: Uint8Array;
  blockhash: string;
  lastValidBlockHeight: bigint;
}


/** Written by the gate in the database transaction that charges the send, before anything is sent. */
export async function insertPlatformSend(db: Queryable, send: Omit<RecordedSend, 'raw'> & { raw: Uint8Array }, now: Date): Promise<void> {
  await db.insert(platformSends).values({
    signature: send.signature,
    kind: send.kind,
    ownerRef: send.ownerRef,
    raw: Buffer.from(send.raw).toString('base64'),
    blockhash: send.blockhash,
    lastValidBlockHeight: send.lastValidBlockHeight,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Another send of this work is pending or landed (SendTerms.oneLive): this one is not recorded, signed or sent.
 * Whoever claimed the work twice (a slow process and the recovery that took its stale claim over) leaves it to the
 * send already on its way.
 */
export class SendAlreadyLive extends Error {
  override name = 'SendAlreadyLive';
  constructor(
    readonly kind: string,
    readonly ownerRef: string,
  ) {
    super(`a ${kind} send for ${ownerRef} is already pending or landed`);
  }
}

/**
 * At most one live (pending or landed) send per kind and owner: checked under a transaction-scoped lock on that
 * pair, in the gate's database transaction, so of two processes recording the same work the second waits for the
 * first to commit, then finds its send and gives up.
 */
export async function checkNoLiveSend(db: Queryable, kind: string, ownerRef: string): Promise<void> {
  const key = `${kind}:${ownerRef}`;
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
  const live = await queryRows<{ signature: string }>(
    db,
    sql`SELECT signature FROM platform_sends WHERE kind = ${kind} AND owner_ref = ${ownerRef} AND state IN ('pending', 'landed') LIMIT 1`,
  );
  if (live.length > 0) throw new SendAlreadyLive(kind, ownerRef);
}

/**
 * Ends a pending send exactly once: in one database transaction the row leaves `pending` (a conditional UPDATE, so
 * of two processes finishing the same send, the second waits on the row lock and then finds nothing to do) and the
 * owner's `record` writes what the send means for its order. Returns whether this call was the one that ended it.
 * A send the gate never recorded (an older row) is ended by its owner's own guards alone: `record` runs.
 */
export async function finishPlatformSend(
  db: Database,
  signature: string,
  end: SendEnd,
  now: Date,
  record: (tx: Queryable) => Promise<void> = async () => {},
): Promise<boolean> {
  const ended = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ state: string; kind: string; owner_ref: string | null; created_at: string | Date }>(
      tx,
      sql`SELECT state, kind, owner_ref, created_at FROM platform_sends WHERE signature = ${signature} FOR UPDATE`,
    );
    if (row && row.state !== 'pending') return null;
    if (row) {
      await tx
        .update(platformSends)
        .set({ state: end, heldUntil: null, updatedAt: now })
        .where(eq(platformSends.signature, signature));
    }
    await record(tx);
    return { row };
  });
  if (!ended) return false;
  const { row } = ended;
  if (!row) return true;
  const seconds = Math.max(0, now.getTime() - new Date(row.created_at).getTime()) / 1000;
  notifySends(db, (o) => o.ended(row.kind, end, seconds, { signature, ownerRef: row.owner_ref }));
  return true;
}

/**
 * Claims up to `limit` pending sends untouched for `staleMs` (their process died, or is still confirming: the
 * owners' guards make a double finish harmless), holding each for `holdMs` so other replicas' runs skip it. SKIP
 * LOCKED: two replicas claiming at once take different rows; a crashed replica's hold lapses.
 */
export async function claimUnfinishedSends(db: Queryable, now: Date, staleMs: number, holdMs: number, limit: number): Promise<RecordedSend[]> {
  const at = now.toISOString();
  const rows = await queryRows<{ signature: string; kind: string; owner_ref: string | null; raw: string; blockhash: string; last_valid_block_height: string | number }>(
    db,
    sql`
      UPDATE platform_sends SET held_until = ${at}::timestamptz + ${`${holdMs} milliseconds`}::interval
      WHERE signature IN (
        SELECT signature FROM platform_sends
        WHERE state = 'pending'
          AND updated_at < ${at}::timestamptz - ${`${staleMs} milliseconds`}::interval
          AND (held_until IS NULL OR held_until < ${at}::timestamptz)
        ORDER BY created_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING signature, kind, owner_ref, raw, blockhash, last_valid_block_height
    `,
  );
  return rows.map((row) => ({
    signature: row.signature,
    kind: row.kind,
    ownerRef: row.owner_ref,
    raw: new Uint8Array(Buffer.from(row.raw, 'base64')),
    blockhash: row.blockhash,
    lastValidBlockHeight: BigInt(row.last_valid_block_height),
  }));
}

/** Lets the next run (of any replica) look at a send again at once: it could still land when this run asked. */
export async function releaseHold(db: Queryable, signature: string): Promise<void> {
  await db.update(platformSends).set({ heldUntil: null }).where(eq(platformSends.signature, signature));
}

/** Sends not yet ended, counted by kind: one read on the pending index (the metrics, at each scrape). */
export async function pendingSendCounts(db: Queryable): Promise<{ kind: string; count: number }[]> {
  const rows = await queryRows<{ kind: string; n: number }>(
    db,
    sql`SELECT kind, count(*)::int AS n FROM platform_sends WHERE state = 'pending' GROUP BY kind`,
  );
  return rows.map((row) => ({ kind: row.kind, count: Number(row.n) }));
}
