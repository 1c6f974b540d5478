import type { TradingStats } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The recent figures cover this many UTC days: today and the 29 before it. */
export const RECENT_DAYS = 30;

/** completed / finished × 100 with one decimal; null before the first finished deal. */
export function completionRate(completed: number, finished: number): number | null {
  return finished > 0 ? Math.round((completed / finished) * 1000) / 10 : null;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const average = (sum: string | number, count: number) => (count > 0 ? Number(sum) / count : null);

interface VolumeRow {
  tokenMint: string;
  tokenName: string;
  tokenDecimal: number;
  amount: string;
}

interface SummaryRow {
  trades: number | null;
  completed: number | null;
  cancelled: number | null;
  open_deals: number | null;
  buy_deals: number | null;
  sell_deals: number | null;
  release_seconds: string | null;
  release_count: number | null;
  payment_seconds: string | null;
  payment_count: number | null;
  first_trade_at: string | null;
  reviews_count: number | null;
  reviews_score_sum: number | null;
  reviews_positive: number | null;
  /** json: parsed by both drivers, text when a driver leaves it unparsed. */
  volume: VolumeRow[] | string | null;
  recent_finished: number;
  recent_completed: number;
  active_offers: number;
  account_created_at: string | null;
}

/**
 * GET /platform/trading-stats/{wallet} (public): the wallet's deals as either party, read from the per-wallet
 * counters the database keeps in step with every deal move and review (trader_stats, trader_volume,
 * trader_daily_stats; migration 'trader-summary'), so the cost does not grow with the wallet's deals.
 * The wallet is the buyer (fiat side) of a deal on a Buy offer it created or on a Sell offer it claimed, the seller
 * otherwise. Release time = lock → completion; payment time = lock → marked paid, over the deals it paid.
 * A deal that failed counts as finished (and cancelled) only for the party at fault (orders.at_fault_wallet), so a
 * stranger's cancelled claims do not lower a trader's rate.
 */
export async function tradingStats(db: Database, wallet: string, now: Date): Promise<TradingStats> {
  const since = new Date(now.getTime() - (RECENT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  // One statement: the counters row, the 30-day rows summed, the volume rows, the active offers, the account.
  const [row] = await queryRows<SummaryRow>(db, sql`
    SELECT ts.trades, ts.completed, ts.cancelled, ts.open_deals, ts.buy_deals, ts.sell_deals,
           ts.release_seconds::text AS release_seconds, ts.release_count,
           ts.payment_seconds::text AS payment_seconds, ts.payment_count,
           to_char(ts.first_trade_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS first_trade_at,
           ts.reviews_count, ts.reviews_score_sum, ts.reviews_positive,
           recent.finished AS recent_finished, recent.completed AS recent_completed,
           (SELECT coalesce(json_agg(json_build_object('tokenMint', token_mint, 'tokenName', token_name,
                     'tokenDecimal', token_decimal, 'amount', amount::text) ORDER BY token_name, token_mint), '[]'::json)
             FROM trader_volume WHERE wallet = ${wallet} AND amount > 0) AS volume,
           (SELECT count(*)::int FROM orders
             WHERE creator_wallet = ${wallet} AND parent_order_id IS NULL AND status = ${OrderStatus.Active} AND amount > 0
           ) AS active_offers,
           (SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM users WHERE wallet = ${wallet})
             AS account_created_at
    FROM (SELECT coalesce(sum(finished), 0)::int AS finished, coalesce(sum(completed), 0)::int AS completed
          FROM trader_daily_stats WHERE wallet = ${wallet} AND day >= ${since}::date) AS recent
    LEFT JOIN trader_stats ts ON ts.wallet = ${wallet}`);
  const n = (value: number | null | undefined) => value ?? 0;
  const completed = n(row?.completed);
  const reviews = n(row?.reviews_count);
  const avgRelease = average(row?.release_seconds ?? 0, n(row?.release_count));
  const avgPayment = average(row?.payment_seconds ?? 0, n(row?.payment_count));
  const rating = average(n(row?.reviews_score_sum), reviews);
  return {
    wallet,
    completedDeals: completed,
    finishedDeals: n(row?.trades),
    cancelledDeals: n(row?.cancelled),
    completionRate: completionRate(completed, n(row?.trades)),
    openDeals: n(row?.open_deals),
    buyDeals: n(row?.buy_deals),
    sellDeals: n(row?.sell_deals),
    volume: (typeof row?.volume === 'string' ? (JSON.parse(row.volume) as VolumeRow[]) : (row?.volume ?? [])).map((v) => ({
      ...v,
      tokenDecimal: Number(v.tokenDecimal),
    })),
    avgReleaseSeconds: avgRelease === null ? null : Math.round(avgRelease),
    activeOffers: n(row?.active_offers),
    accountCreatedAt: row?.account_created_at ?? null,
    completedDeals30d: n(row?.recent_completed),
    completionRate30d: completionRate(n(row?.recent_completed), n(row?.recent_finished)),
    avgPaymentSeconds: avgPayment === null ? null : Math.round(avgPayment),
    positiveFeedbackPercent: reviews > 0 ? oneDecimal((n(row?.reviews_positive) / reviews) * 100) : null,
    reviewsCount: reviews,
    ratingAverage: rating === null ? null : oneDecimal(rating),
    firstTradeAt: row?.first_trade_at ?? null,
  };
}
