import { FINAL_STATUSES, OrderStatus, UNDERWAY_STATUSES } from '@jelly/domain';
import { inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../../db/rows.ts';
import { rentReclaims } from '../../../db/schema/index.ts';
import type { Queryable } from '../queries.ts';

export type ReclaimKind = 'ticket' | 'order';
export type ReclaimRow = typeof rentReclaims.$inferSelect;

/** Rows claimed by one worker are not offered to others for this long (a crashed worker's rows come back). */
export const RECLAIM_LEASE_MS = 120_000;
/** Retry delays double from this, up to RETRY_MAX_MS. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 60 * 60_000;

/**
 * Queues (or re-arms) the closing of an account the admin funded; call it in the transaction that ends the deal or
 * offer, so the work is recorded exactly when the account stops being needed. Idempotent.
 */
export async function enqueueReclaim(db: Queryable, kind: ReclaimKind, orderId: number, now: Date): Promise<void> {
  await db
    .insert(rentReclaims)
    .values({ kind, orderId, state: 'pending', nextAttemptAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [rentReclaims.kind, rentReclaims.orderId],
      set: { state: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now },
      setWhere: sql`${rentReclaims.state} <> 'pending'`,
    });
}

/**
 * Queues an account the admin is about to fund (a lock's ticket, an offer's order and vault), in the gate's charge
 * transaction: it waits until its deal or offer ends (which re-arms it), and remembers whom to credit the rent back.
 */
export async function enqueueFundedAccount(
  db: Queryable,
  kind: ReclaimKind,
  orderId: number,
  now: Date,
  chargedTo: { wallet: string | null; ip: string | null },
): Promise<void> {
  await db
    .insert(rentReclaims)
    .values({ kind, orderId, state: 'waiting', nextAttemptAt: now, createdAt: now, updatedAt: now, wallet: chargedTo.wallet, ip: chargedTo.ip })
    .onConflictDoUpdate({
      target: [rentReclaims.kind, rentReclaims.orderId],
      set: { wallet: sql`coalesce(${rentReclaims.wallet}, excluded.wallet)`, ip: sql`coalesce(${rentReclaims.ip}, excluded.ip)`, updatedAt: now },
    });
}

/** A deal reached a final status: its ticket can be closed, and its offer's order perhaps too. */
export async function enqueueDealEnded(db: Queryable, deal: { orderId: number; offerId: number }, now: Date): Promise<void> {
  await enqueueReclaim(db, 'ticket', deal.orderId, now);
  await enqueueReclaim(db, 'order', deal.offerId, now);
}

/**
 * Claims up to `limit` due rows for this worker (attempts + 1 and a lease), skipping rows another replica holds:
 * FOR UPDATE SKIP LOCKED, the same on PostgreSQL and PGlite. Tickets first: an order closes after its tickets.
 */
export async function claimDueReclaims(db: Queryable, now: Date, limit: number): Promise<ReclaimRow[]> {
  const leaseUntil = new Date(now.getTime() + RECLAIM_LEASE_MS).toISOString();
  const claimed = await queryRows<{ id: string | number }>(db, sql`
    UPDATE rent_reclaims SET attempts = attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz
    WHERE id IN (
      SELECT id FROM rent_reclaims
      WHERE state = 'pending' AND next_attempt_at <= ${now.toISOString()}::timestamptz
      ORDER BY kind DESC, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  const ids = claimed.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db.select().from(rentReclaims).where(inArray(rentReclaims.id, ids)).orderBy(sql`${rentReclaims.kind} DESC, ${rentReclaims.id}`);
}

/** The row's work is done (closed now, or nothing left to close). */
export async function markDone(db: Queryable, id: number, now: Date, result: { lamports: bigint; signature: string | null }): Promise<void> {
  await db.execute(sql`
    UPDATE rent_reclaims SET state = 'done', updated_at = ${now.toISOString()}::timestamptz, last_error = NULL,
      lamports_reclaimed = lamports_reclaimed + ${result.lamports.toString()}::bigint,
      signature = coalesce(${result.signature}, signature)
    WHERE id = ${id}`);
}

/** Not closable yet and nothing will change that until its deal or offer ends (which re-arms it). */
export async function markWaiting(db: Queryable, id: number, now: Date, reason: string): Promise<void> {
  await db.execute(sql`
    UPDATE rent_reclaims SET state = 'waiting', updated_at = ${now.toISOString()}::timestamptz, last_error = ${reason}
    WHERE id = ${id}`);
}

/** Tried again later: 5 s, 10 s, 20 s … up to an hour after each failed attempt. */
export async function scheduleRetry(db: Queryable, row: Pick<ReclaimRow, 'id' | 'attempts'>, now: Date, error: string): Promise<Date> {
  const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(20, Math.max(0, row.attempts - 1)));
  const at = new Date(now.getTime() + delay);
  await db.execute(sql`
    UPDATE rent_reclaims SET next_attempt_at = ${at.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz,
      last_error = ${error.slice(0, 500)}
    WHERE id = ${row.id}`);
  return at;
}

/**
 * The periodic sweep: queues what no use-case queued — finished deals that were ever locked (their ticket may
 * exist: a lock that landed after a database cancel, an expiry refund) and finished offers (cancelled, or nothing
 * left to claim) with no open deal whose order was ever created — skipping rows already done. Returns how many it
 * queued.
 */
export async function sweepUnqueued(db: Queryable, now: Date, limit = 200): Promise<number> {
  const at = now.toISOString();
  const tickets = await queryRows<{ order_id: string | number }>(db, sql`
    INSERT INTO rent_reclaims (kind, order_id, state, next_attempt_at, created_at, updated_at)
    SELECT 'ticket', d.order_id, 'pending', ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    FROM orders d
    WHERE d.parent_order_id IS NOT NULL AND d.status IN (${sql.join(FINAL_STATUSES.map((s) => sql`${s}`), sql`, `)})
      AND (d.locked_at IS NOT NULL OR EXISTS (
        SELECT 1 FROM deal_transactions t WHERE t.order_id = d.order_id AND t.kind = 'lock' AND t.state = 'confirmed'))
      AND NOT EXISTS (SELECT 1 FROM rent_reclaims r WHERE r.kind = 'ticket' AND r.order_id = d.order_id)
    LIMIT ${limit}
    ON CONFLICT (kind, order_id) DO NOTHING
    RETURNING order_id`);
  const offers = await queryRows<{ order_id: string | number }>(db, sql`
    INSERT INTO rent_reclaims (kind, order_id, state, next_attempt_at, created_at, updated_at)
    SELECT 'order', o.order_id, 'pending', ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    FROM orders o
    WHERE o.parent_order_id IS NULL AND (o.status = ${OrderStatus.Cancelled} OR o.amount = 0)
      AND EXISTS (SELECT 1 FROM orders d WHERE d.parent_order_id = o.order_id AND d.locked_at IS NOT NULL)
      AND NOT EXISTS (
        SELECT 1 FROM orders d WHERE d.parent_order_id = o.order_id
          AND d.status IN (${sql.join(UNDERWAY_STATUSES.map((s) => sql`${s}`), sql`, `)}))
      AND NOT EXISTS (SELECT 1 FROM rent_reclaims r WHERE r.kind = 'order' AND r.order_id = o.order_id AND r.state <> 'waiting')
    LIMIT ${limit}
    ON CONFLICT (kind, order_id) DO UPDATE SET state = 'pending', next_attempt_at = excluded.next_attempt_at,
      updated_at = excluded.updated_at
    RETURNING order_id`);
  return tickets.length + offers.length;
}

/** Whether the deal's ticket was queued for closing (then its ticket id must never be locked again). */
export async function ticketReclaimQueued(db: Queryable, dealId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`SELECT 1 AS one FROM rent_reclaims WHERE kind = 'ticket' AND order_id = ${dealId}`);
  return rows.length > 0;
}

/** Deals of the offer still open in the database (an order is closed only when there is none). */
export async function openDealsOfOffer(db: Queryable, offerId: number): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(db, sql`
    SELECT count(*) AS n FROM orders
    WHERE parent_order_id = ${offerId} AND status IN (${sql.join(UNDERWAY_STATUSES.map((s) => sql`${s}`), sql`, `)})`);
  return Number(row?.n ?? 0);
}
