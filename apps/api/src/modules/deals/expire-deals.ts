import { DEAL_MOVES, OrderStatus, actionSources } from '@jelly/domain';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { orders } from '../../db/schema/index.ts';
import { readTicket } from './chain/read-ticket.ts';
import { isDealBusy, PAYMENT_WINDOW_ACTOR, settleStalePendingTransactions, type DealTxContext } from './transactions/index.ts';
import { notifyDealStatus } from '../notifications/index.ts';
import { clearPayoutWait, hasRecordedResolution, isRecipientAccountMissing, recordPayoutWait } from './payout-waits.ts';
import { findDeal } from './queries.ts';
import { refundOrphanedLock } from './refund-orphaned-lock.ts';
import { resolveOnChain } from './resolve-on-chain.ts';
import { syncDealFromChain } from './sync-deal-from-chain.ts';

/** Locked deals handled per run (each is one transaction on chain); the rest wait for the next run. */
const LOCKED_BATCH = 25;

export interface ExpiryContext extends Pick<DealTxContext, 'feePayer' | 'log'> {
  db: Database;
  chain: Chain | null;
  now: () => Date;
  confirmTimeoutMs?: number;
}

export interface ExpiryReport {
  /** Deals that expired before a lock (In Progress → Expired, amount back to the offer). */
  expired: number[];
  /** Locked deals refunded to the crypto side on chain (Locked → Expired). */
  refunded: number[];
  /** Locked deals whose chain state had moved on (synced instead of refunded). */
  synced: number[];
  /** Deals whose stale in-flight transaction was settled from the chain (landed, failed or expired). */
  settled: number[];
  /** Deals another replica or request was already working on (their slot taken): nothing failed. */
  busy: number[];
  /** Locked deals whose refund waits for the recipient's token account (recorded as a payout wait): nothing failed. */
  waiting: number[];
  failed: { orderId: number; error: string }[];
}

/**
 * In Progress deals past their payment deadline → Expired (the `expired_unlocked` move of DEAL_MOVES, applied to
 * many deals at once), their amount back to the offer, in one statement
 * (atomic, race-free against a concurrent claim, cancel or lock: only rows still In Progress with no transaction
 * in flight move).
 */
async function expireUnlockedRows(db: Database, now: Date): Promise<number[]> {
  const result = await queryRows<{ order_id: string | number }>(db, sql`
    WITH expired AS (
      UPDATE orders SET status = ${DEAL_MOVES.expired_unlocked.to}, updated_at = ${now.toISOString()}::timestamptz
      WHERE parent_order_id IS NOT NULL
        AND status IN (${sql.raw(DEAL_MOVES.expired_unlocked.from.join(', '))})
        AND payment_deadline < ${now.toISOString()}::timestamptz
        AND NOT EXISTS (
          SELECT 1 FROM deal_transactions t WHERE t.order_id = orders.order_id AND t.state = 'pending'
        )
      RETURNING order_id, parent_order_id, amount
    ),
    given_back AS (
      UPDATE orders offer SET amount = offer.amount + e.total, updated_at = ${now.toISOString()}::timestamptz
      FROM (SELECT parent_order_id, sum(amount) AS total FROM expired GROUP BY parent_order_id) e
      WHERE offer.order_id = e.parent_order_id
    )
    SELECT order_id FROM expired ORDER BY order_id
  `);
  return result.map((row) => Number(row.order_id));
}

/** Notifications: the expiry and the parties' notifications commit together. */
async function expireUnlocked(db: Database, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const expired = await expireUnlockedRows(tx, now);
    for (const dealId of expired) await notifyDealStatus(tx, dealId, now);
    return expired;
  });
}

/**
 * Locked (8) deals past their payment deadline: the fiat side never marked paid, so the server refunds the crypto
 * side with admin_resolve_universal_ticket(release_to_fiat_guy = false) → Expired (7), amount back to the offer.
 * A deal whose fiat side signed (2) is not expired: it waits for the crypto side or a dispute.
 */
async function refundLockedPastDeadline(ctx: ExpiryContext, chain: Chain, report: ExpiryReport): Promise<void> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(
      and(
        isNotNull(orders.parentOrderId),
        inArray(orders.status, [...actionSources('expire', { via: 'chain' })]),
        lt(orders.paymentDeadline, now),
      ),
    )
    .orderBy(orders.paymentDeadline)
    .limit(LOCKED_BATCH);
  for (const { orderId } of due) {
    try {
      const outcome = await refundLockedDeal(ctx, chain, orderId);
      if (outcome !== 'skipped') report[outcome].push(orderId);
    } catch (error) {
      if (isDealBusy(error)) {
        report.busy.push(orderId);
        continue;
      }
      // recorded as a payout wait by refundLockedDeal: the seller opens the account, nothing failed
      if (isRecipientAccountMissing(error)) {
        report.waiting.push(orderId);
        continue;
      }
      report.failed.push({ orderId, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

/**
 * One locked deal past its deadline, refunded on chain (or synced when the chain moved on; skipped when it no longer
 * qualifies). The job and the seller's "Receive" (retry-payout.ts) both run it. Refused because the seller has no
 * token account: the wait is recorded and the seller told once what to do; it is cleared once the deal moved.
 */
export async function refundLockedDeal(ctx: ExpiryContext, chain: Chain, orderId: number): Promise<'refunded' | 'synced' | 'skipped'> {
  const deal = await findDeal(ctx.db, orderId);
  if (!deal || deal.status !== OrderStatus.CryptoGuyLockedCrypto) return 'skipped';
  // an admin's decision that waits for its recipient's account is not overruled by the window
  if (await hasRecordedResolution(ctx.db, orderId)) return 'skipped';
  if (!(await stillPastDeadline(ctx, orderId))) return 'skipped';
  const ticket = await readTicket(chain, deal.offerId, deal.orderId);
  if (!ticket || ticket.status !== 'Locked' || ticket.fiatGuySigned || ticket.cryptoGuySigned) {
    await syncDealFromChain(ctx.db, chain, deal, ctx.now(), { refundMeans: 'expired' });
    await clearPayoutWait(ctx.db, orderId);
    return 'synced';
  }
  try {
    await resolveOnChain({ ...ctx, chain }, deal, false, PAYMENT_WINDOW_ACTOR, { refundMeans: 'expired' }, {
      action: 'refund_expired_lock',
      details: { paymentDeadline: deal.paymentDeadline?.toISOString() ?? null },
    });
  } catch (error) {
    if (isRecipientAccountMissing(error)) await recordPayoutWait(ctx.db, deal, { kind: 'refund_expired' }, ctx.now());
    throw error;
  }
  await clearPayoutWait(ctx.db, orderId);
  return 'refunded';
}

/**
 * The deadline read again under the deal row's lock, the clock read after it: an accepted extension that committed
 * before this moment moved the deadline (the deal is left alone), and one that comes after finds the deadline
 * passed on the same clock and is refused. The scan above may have read a deadline an extension has since moved.
 */
async function stillPastDeadline(ctx: ExpiryContext, orderId: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: orders.status, paymentDeadline: orders.paymentDeadline })
      .from(orders)
      .where(eq(orders.orderId, orderId))
      .for('update');
    const deadline = row?.paymentDeadline;
    return row?.status === OrderStatus.CryptoGuyLockedCrypto && deadline != null && deadline.getTime() < ctx.now().getTime();
  });
}

/** Cancelled or expired deals whose lock landed anyway (a race with a database cancel): refunded on chain. */
async function refundOrphanedLocks(ctx: ExpiryContext, chain: Chain, report: ExpiryReport): Promise<void> {
  const candidates = await queryRows<{ order_id: string | number }>(ctx.db, sql`
    SELECT DISTINCT t.order_id FROM deal_transactions t JOIN orders o ON o.order_id = t.order_id
    WHERE t.kind = 'lock' AND t.state = 'confirmed' AND o.status IN (${OrderStatus.Cancelled}, ${OrderStatus.Expired})
      AND NOT EXISTS (
        SELECT 1 FROM deal_transactions r
        WHERE r.order_id = t.order_id AND r.kind IN ('cancel', 'admin_resolve') AND r.state IN ('confirmed', 'pending')
      )
    LIMIT ${LOCKED_BATCH}
  `);
  for (const row of candidates) {
    const orderId = Number(row.order_id);
    try {
      const deal = await findDeal(ctx.db, orderId);
      if (deal && (await refundOrphanedLock({ ...ctx, chain }, deal))) report.refunded.push(orderId);
    } catch (error) {
      if (isDealBusy(error)) {
        report.busy.push(orderId);
        continue;
      }
      report.failed.push({ orderId, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

/** One run of the payment-window job (the scheduler calls it; tests call it directly). */
export async function expireDeals(ctx: ExpiryContext): Promise<ExpiryReport> {
  const report: ExpiryReport = { expired: [], refunded: [], synced: [], settled: [], busy: [], waiting: [], failed: [] };
  if (ctx.chain) {
    // first settle transactions whose request died: they hold their deal's slot and block its expiry
    const stale = await settleStalePendingTransactions({ ...ctx, chain: ctx.chain });
    report.settled.push(...stale.settled.map((row) => row.orderId));
    report.failed.push(...stale.failed);
  }
  report.expired = await expireUnlocked(ctx.db, ctx.now());
  if (ctx.chain) {
    await refundLockedPastDeadline(ctx, ctx.chain, report);
    await refundOrphanedLocks(ctx, ctx.chain, report);
  }
  return report;
}
