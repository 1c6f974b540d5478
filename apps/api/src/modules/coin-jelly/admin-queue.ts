import type { JellyAdminQueueResponse } from '@jelly/contracts';
import { fromBaseUnits, JELLY_STAGES_WITH_JOB, jellyStagesWhere } from '@jelly/domain';
import { and, asc, eq, inArray, isNotNull, lte, not, or, sql } from 'drizzle-orm';
import { jellyDeposits, jellyOrders } from '../../db/schema/index.ts';
import { coinFacts } from './coins.ts';
import type { JellyContext } from './context.ts';
import { jellyListItemWire } from './to-wire.ts';

const NEEDS_ADMIN = jellyStagesWhere((r) => r.waitingOn === 'admin');
const NEEDS_USER = jellyStagesWhere((r) => r.waitingOn === 'user');
const minutesSince = (since: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));

/**
 * Orders waiting on an admin (longest wait first, with the minutes waited; a send waiting for a token account counts
 * from when it began to wait, once it has waited COIN_JELLY_WAIT_HOURS), deposits no order could take, and orders
 * waiting on the user's choice (longest first; an order enters that stage by a move, which sets updatedAt, and leaves
 * it by the next move, so updatedAt is when the question was put).
 */
export async function jellyAdminQueue(ctx: Pick<JellyContext, 'db' | 'coins' | 'now' | 'config'>): Promise<JellyAdminQueueResponse> {
  const { db, coins } = ctx;
  const now = ctx.now();
  // Also a payout that failed while settling (it carries adminSince), and a payout or refund that has waited for its
  // recipient's token account for COIN_JELLY_WAIT_HOURS (its waitingForAccount says for what, since when).
  const waitedSince = new Date(now.getTime() - ctx.config.waitHours * 3_600_000);
  const waiting = or(
    inArray(jellyOrders.stage, [...NEEDS_ADMIN]),
    and(eq(jellyOrders.stage, 'settling'), isNotNull(jellyOrders.adminSince)),
    and(inArray(jellyOrders.stage, [...JELLY_STAGES_WITH_JOB]), lte(jellyOrders.waitingSince, waitedSince)),
  );
  const orders = await db
    .select()
    .from(jellyOrders)
    .where(waiting)
    .orderBy(asc(sql`coalesce(${jellyOrders.adminSince}, ${jellyOrders.waitingSince})`), asc(jellyOrders.id))
    .limit(200);
  const deposits = await db
    .select({ d: jellyDeposits, o: jellyOrders })
    .from(jellyDeposits)
    .innerJoin(jellyOrders, eq(jellyOrders.id, jellyDeposits.orderId))
    .where(and(not(jellyDeposits.attributed), not(jellyDeposits.resolved)))
    .orderBy(asc(jellyDeposits.createdAt))
    .limit(200);
  const choosing = await db
    .select()
    .from(jellyOrders)
    .where(inArray(jellyOrders.stage, [...NEEDS_USER]))
    .orderBy(asc(jellyOrders.updatedAt), asc(jellyOrders.id))
    .limit(200);
  return {
    orders: orders.map((o) => ({
      ...jellyListItemWire(coins, o),
      waitingMinutes: minutesSince(o.adminSince ?? o.waitingSince ?? o.updatedAt, now),
    })),
    awaitingUser: choosing.map((o) => ({ ...jellyListItemWire(coins, o), waitingMinutes: minutesSince(o.updatedAt, now) })),
    deposits: deposits.map(({ d, o }) => {
      const coin = coinFacts(o.sendCoin, o.sendChain)!;
      return {
        orderId: o.id,
        address: o.depositAddress,
        coin: coin.currency,
        signature: d.signature,
        slot: d.slot,
        amount: fromBaseUnits(BigInt(d.amount), coin.decimals),
        at: d.createdAt.toISOString(),
        resolved: d.resolved,
      };
    }),
  };
}
