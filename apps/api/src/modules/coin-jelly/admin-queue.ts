import type { JellyAdminQueueResponse, JellyCoin } from '@jelly/contracts';
import { fromBaseUnits, jellyStagesWhere } from '@jelly/domain';
import { and, asc, eq, inArray, isNotNull, not, or } from 'drizzle-orm';
import { jellyDeposits, jellyOrders } from '../../db/schema/index.ts';
import type { Queryable } from '../../db/rows.ts';
import { coinFacts } from './coins.ts';
import { jellyListItemWire } from './to-wire.ts';

const NEEDS_ADMIN = jellyStagesWhere((r) => r.waitingOn === 'admin');
const NEEDS_USER = jellyStagesWhere((r) => r.waitingOn === 'user');
const minutesSince = (since: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));

/**
 * Orders waiting on an admin (longest wait first, with the minutes waited), deposits no order could take, and orders
 * waiting on the user's choice (longest first; an order enters that stage by a move, which sets updatedAt, and leaves
 * it by the next move, so updatedAt is when the question was put).
 */
export async function jellyAdminQueue(db: Queryable, coins: readonly JellyCoin[], now: Date): Promise<JellyAdminQueueResponse> {
  // Also a payout that failed while settling (it carries adminSince).
  const waiting = or(inArray(jellyOrders.stage, [...NEEDS_ADMIN]), and(eq(jellyOrders.stage, 'settling'), isNotNull(jellyOrders.adminSince)));
  const orders = await db.select().from(jellyOrders).where(waiting).orderBy(asc(jellyOrders.adminSince), asc(jellyOrders.id)).limit(200);
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
      waitingMinutes: minutesSince(o.adminSince ?? o.updatedAt, now),
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
