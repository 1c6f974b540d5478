import type { JellyAdminQueueResponse } from '@jelly/contracts';
import { fromBaseUnits, jellyStagesWhere } from '@jelly/domain';
import { and, asc, eq, inArray, isNotNull, not, or } from 'drizzle-orm';
import { jellyDeposits, jellyOrders } from '../../db/schema/index.ts';
import type { Queryable } from '../../db/rows.ts';
import { jellyCoin } from './coins.ts';
import { jellyListItemWire } from './to-wire.ts';

const NEEDS_ADMIN = jellyStagesWhere((r) => r.waitingOn === 'admin');

/** Orders waiting on an admin (longest wait first, with the minutes waited), then deposits no order could take. */
export async function jellyAdminQueue(db: Queryable, now: Date): Promise<JellyAdminQueueResponse> {
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
  return {
    orders: orders.map((o) => ({
      ...jellyListItemWire(o),
      waitingMinutes: Math.max(0, Math.floor((now.getTime() - (o.adminSince ?? o.updatedAt).getTime()) / 60_000)),
    })),
    deposits: deposits.map(({ d, o }) => {
      const coin = jellyCoin(o.sendCoin, o.sendChain)!;
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
