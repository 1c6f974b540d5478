import type { PlatformFigures } from '@jelly/contracts';
import { OrderStatus, UNDERWAY_STATUSES } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { feePayerStatus } from '../fee-payer/index.ts';
import { spentSince } from '../../chain/gate/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The swap desk's balances, supplied by the module that owns a desk; absent when there is none. */
export type DeskBalances = () => Promise<PlatformFigures['desk']>;

export interface PlatformContext {
  db: Database;
  chain: Chain | null;
  now: () => Date;
  desk?: DeskBalances | undefined;
}

const list = (statuses: readonly number[]) => sql.join(statuses.map((s) => sql`${s}`), sql`, `);

/** GET /admin/platform — the figures an operator checks every morning. */
export async function platformFigures(ctx: PlatformContext): Promise<PlatformFigures> {
  const now = ctx.now();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since24h = new Date(now.getTime() - DAY_MS);
  const [counts] = await queryRows<{ open_disputes: string | number; flagged: string | number; deals_today: string | number }>(ctx.db, sql`
    SELECT
      (SELECT count(*) FROM orders WHERE parent_order_id IS NOT NULL AND status = ${OrderStatus.AdminResolving}) AS open_disputes,
      (SELECT count(*) FROM deal_review_flags f JOIN orders o ON o.order_id = f.order_id
        WHERE o.status IN (${list(UNDERWAY_STATUSES)})) AS flagged,
      (SELECT count(*) FROM orders WHERE parent_order_id IS NOT NULL AND created_at >= ${dayStart}) AS deals_today`);
  // Completed today: a completed deal's last change is its completion.
  const volume = await queryRows<{ token_mint: string; token_name: string; token_decimal: number; amount: string }>(ctx.db, sql`
    SELECT token_mint, token_name, token_decimal, sum(amount)::text AS amount FROM orders
    WHERE parent_order_id IS NOT NULL AND status = ${OrderStatus.Completed} AND updated_at >= ${dayStart}
    GROUP BY token_mint, token_name, token_decimal ORDER BY token_name`);
  const [median] = await queryRows<{ seconds: string | number | null }>(ctx.db, sql`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM updated_at - locked_at)) AS seconds FROM orders
    WHERE parent_order_id IS NOT NULL AND status = ${OrderStatus.Completed} AND locked_at IS NOT NULL
      AND updated_at >= ${new Date(now.getTime() - 30 * DAY_MS)}`);
  let feePayer: PlatformFigures['feePayer'] = null;
  let spent = await spentSince(ctx.db, 'platform', since24h);
  if (ctx.chain) {
    try {
      const status = await feePayerStatus(ctx.db, ctx.chain, now);
      feePayer = { address: status.feePayer, lamports: status.balanceLamports.toString(), runwayDays: status.runwayDays };
      spent = { ...spent, fees: status.spent24h.feeLamports, rent: status.spent24h.rentLamports };
    } catch {
      feePayer = null; // the chain did not answer: the database figures still help
    }
  }
  const desk = ctx.desk ? await ctx.desk().catch(() => null) : null;
  return {
    at: now.toISOString(),
    feePayer,
    desk,
    adminSpend24h: {
      feeLamports: spent.fees.toString(),
      rentLamports: spent.rent.toString(),
      totalLamports: (spent.fees + spent.rent).toString(),
    },
    openDisputes: Number(counts?.open_disputes ?? 0),
    flaggedDeals: Number(counts?.flagged ?? 0),
    dealsToday: Number(counts?.deals_today ?? 0),
    volumeToday: volume.map((v) => ({ symbol: v.token_name, mint: v.token_mint, decimals: v.token_decimal, amount: v.amount })),
    medianReleaseSeconds: median?.seconds === null || median?.seconds === undefined ? null : Math.round(Number(median.seconds)),
  };
}
