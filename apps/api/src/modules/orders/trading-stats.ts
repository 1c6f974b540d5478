import type { TradingStats } from '@jelly/contracts';
import { FINAL_STATUSES, UNDERWAY_STATUSES } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { findAccountCreatedAt } from './queries.ts';
import { queryRows } from '../../db/rows.ts';

/** completed / finished × 100 with one decimal; null before the first finished deal. */
export function completionRate(completed: number, finished: number): number | null {
  return finished > 0 ? Math.round((completed / finished) * 1000) / 10 : null;
}

/**
 * GET /platform/trading-stats/{wallet} (public): the wallet's deals as either party. The wallet is the buyer
 * (fiat side) of a deal on a Buy offer it created or on a Sell offer it claimed, and the seller otherwise.
 * Release time = lock → completion (the deal's last update). A deal that failed counts as finished (and cancelled)
 * only for the party at fault (orders.at_fault_wallet), so a stranger's cancelled claims do not lower a trader's rate.
 */
/** A status set from the deal state table as SQL (the values are the table's own integers, never user input). */
const statusList = (statuses: readonly number[]) => sql.raw(statuses.join(', '));

export async function tradingStats(db: Database, wallet: string): Promise<TradingStats> {
  const party = sql`parent_order_id IS NOT NULL AND (creator_wallet = ${wallet} OR acceptor_wallet = ${wallet})`;
  // A failed deal (Cancelled, Admin Resolved, Expired) counts only against the party at fault (or both when none is recorded).
  const countsForWallet = sql`(status = 3 OR (status IN (4, 6, 7) AND (at_fault_wallet IS NULL OR at_fault_wallet = ${wallet})))`;
  const fiatSide = sql`((offer_side = 1 AND creator_wallet = ${wallet}) OR (offer_side = 0 AND acceptor_wallet = ${wallet}))`;
  const [counts, volume, offers, createdAt] = await Promise.all([
    queryRows<{
      completed: number;
      finished: number;
      cancelled: number;
      open: number;
      buy: number;
      sell: number;
      avg_release: string | null;
    }>(db, sql`
      SELECT count(*) FILTER (WHERE status = 3)::int AS completed,
             count(*) FILTER (WHERE status IN (${statusList(FINAL_STATUSES)}) AND ${countsForWallet})::int AS finished,
             count(*) FILTER (WHERE status IN (4, 7) AND ${countsForWallet})::int AS cancelled,
             count(*) FILTER (WHERE status IN (${statusList(UNDERWAY_STATUSES)}))::int AS open,
             count(*) FILTER (WHERE status = 3 AND ${fiatSide})::int AS buy,
             count(*) FILTER (WHERE status = 3 AND NOT ${fiatSide})::int AS sell,
             avg(extract(epoch FROM updated_at - locked_at)) FILTER (WHERE status = 3 AND locked_at IS NOT NULL)::text
               AS avg_release
      FROM orders WHERE ${party}`),
    queryRows<{ token_mint: string; token_name: string; token_decimal: number; amount: string }>(db, sql`
      SELECT token_mint, token_name, token_decimal, sum(amount)::text AS amount
      FROM orders WHERE ${party} AND status = 3
      GROUP BY token_mint, token_name, token_decimal ORDER BY token_name`),
    queryRows<{ active: number }>(db, sql`
      SELECT count(*)::int AS active FROM orders
      WHERE creator_wallet = ${wallet} AND parent_order_id IS NULL AND status = 0 AND amount > 0`),
    findAccountCreatedAt(db, wallet),
  ]);
  const c = counts[0] ?? { completed: 0, finished: 0, cancelled: 0, open: 0, buy: 0, sell: 0, avg_release: null };
  return {
    wallet,
    completedDeals: c.completed,
    finishedDeals: c.finished,
    cancelledDeals: c.cancelled,
    completionRate: completionRate(c.completed, c.finished),
    openDeals: c.open,
    buyDeals: c.buy,
    sellDeals: c.sell,
    volume: volume.map((v) => ({
      tokenMint: v.token_mint,
      tokenName: v.token_name,
      tokenDecimal: Number(v.token_decimal),
      amount: v.amount.split('.')[0] ?? '0',
    })),
    avgReleaseSeconds: c.avg_release === null ? null : Math.round(Number(c.avg_release)),
    activeOffers: offers[0]?.active ?? 0,
    accountCreatedAt: createdAt ? createdAt.toISOString() : null,
  };
}
