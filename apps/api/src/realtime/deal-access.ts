import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { orders } from '../db/schema/index.ts';
import { findSwapRecords } from '../modules/swap/index.ts';

export type DealRoomAccess = 'ok' | 'not_found' | 'forbidden';

/** A deal room is open to the deal's two parties and to admins; offers have no room. */
export async function dealRoomAccess(
  db: Database,
  dealId: number,
  user: { wallet: string; isAdmin: boolean },
): Promise<DealRoomAccess> {
  const [deal] = await db
    .select({ creatorWallet: orders.creatorWallet, acceptorWallet: orders.acceptorWallet })
    .from(orders)
    .where(and(eq(orders.orderId, dealId), isNotNull(orders.parentOrderId)));
  if (!deal) return 'not_found';
  if (user.isAdmin || deal.creatorWallet === user.wallet || deal.acceptorWallet === user.wallet) return 'ok';
  return 'forbidden';
}

/** A swap's room is open to the swap's owner and to admins (the desk). */
export async function swapRoomAccess(db: Database, swapId: number, user: { wallet: string; isAdmin: boolean }): Promise<DealRoomAccess> {
  const swap = (await findSwapRecords(db, [swapId])).get(swapId);
  if (!swap) return 'not_found';
  return user.isAdmin || swap.wallet === user.wallet ? 'ok' : 'forbidden';
}
