import type { JellyAccountWait, JellyCoin } from '@jelly/contracts';
import type { JellyStageName } from '@jelly/domain';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { jellyOrders } from '../../db/schema/index.ts';
import type { Queryable } from '../../db/rows.ts';
import { jellyCoin } from './coins.ts';
import type { JellyContext } from './context.ts';
import { addJellyEvent, type JellyOrderRow } from './jelly-writes.ts';
import { notifyJelly } from './notify-jelly.ts';
import { logEvent } from '../../lib/log-events.ts';

export const WAITING_FOR_ACCOUNT = 'waiting_for_account';

/**
 * A waiting send's recipient is re-read at most this often by the poller (its own step runs every poll otherwise);
 * the user's "look again" (check-account) and their choices re-read it at once.
 */
export const WAIT_RECHECK_MS = 30_000;

/** The send each stage's job makes, and who must hold the token account for it. */
const WAITING_SENDS: Partial<Record<JellyStageName, (o: JellyOrderRow) => Pick<JellyAccountWait, 'payment' | 'address' | 'coin'> & { chain: JellyOrderRow['sendChain'] }>> = {
  deposit_detected: (o) => ({ payment: 'payout', address: o.recipientAddress, coin: o.receiveCoin, chain: o.receiveChain }),
  refunding: (o) => ({ payment: 'refund', address: o.refundAddress, coin: o.sendCoin, chain: o.sendChain }),
};

/**
 * What the order's send waits for (the wire's waitingForAccount), or null when it does not wait. `coins`: those
 * offered on this cluster (their mints).
 */
export function accountWaitOf(coins: readonly JellyCoin[], o: JellyOrderRow): JellyAccountWait | null {
  const send = WAITING_SENDS[o.stage]?.(o);
  const mint = send ? jellyCoin(coins, send.coin, send.chain)?.mint : null;
  if (!o.waitingSince || !send || !mint) return null;
  return { payment: send.payment, address: send.address, coin: send.coin, mint, since: o.waitingSince.toISOString() };
}

/**
 * The order's send starts waiting for `address`'s token account: marked once per wait (the conditional UPDATE sets
 * waitingSince only where none is), with its timeline line and the owner's notification in the same transaction.
 */
export async function markWaiting(ctx: JellyContext, order: JellyOrderRow, note: string): Promise<void> {
  const now = ctx.now();
  const started = await ctx.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(jellyOrders)
      .set({ waitingSince: now })
      .where(and(eq(jellyOrders.id, order.id), eq(jellyOrders.stage, order.stage), isNull(jellyOrders.waitingSince)))
      .returning();
    if (!marked) return false;
    await addJellyEvent(tx, order.id, order.stage, { kind: WAITING_FOR_ACCOUNT, note }, now);
    await notifyJelly(tx, marked, 'jelly_waiting_for_account', now);
    return true;
  });
  if (started) logEvent(ctx.log, 'payout.waiting', { orderId: order.id, stage: order.stage }, "coin jelly: the payout waits for the recipient's token account");
}

/** The account exists now: the wait ends (the send goes ahead by its own claim). */
export async function endWaiting(db: Queryable, order: JellyOrderRow): Promise<void> {
  if (!order.waitingSince) return;
  await db
    .update(jellyOrders)
    .set({ waitingSince: null })
    .where(and(eq(jellyOrders.id, order.id), eq(jellyOrders.stage, order.stage), isNotNull(jellyOrders.waitingSince)));
}

/**
 * The poller's cadence for waiting orders: each is re-read once per WAIT_RECHECK_MS (by the context's clock) rather
 * than at every poll. Kept per process: a replica that restarts reads each waiting order once at its first poll.
 */
export class WaitCadence {
  private readonly lastRead = new Map<number, number>();

  constructor(private readonly now: () => Date) {}

  /** Whether the order's step runs on this poll; orders that do not wait always do. */
  due(orderId: number, waiting: boolean): boolean {
    if (!waiting) {
      this.lastRead.delete(orderId);
      return true;
    }
    const now = this.now().getTime();
    const last = this.lastRead.get(orderId);
    if (last !== undefined && now - last < WAIT_RECHECK_MS) return false;
    this.lastRead.set(orderId, now);
    return true;
  }

  /** Forgets orders whose step is no longer pending (finished, or moved on). */
  keepOnly(orderIds: ReadonlySet<number>): void {
    for (const id of this.lastRead.keys()) if (!orderIds.has(id)) this.lastRead.delete(id);
  }
}
