import { createHash } from 'node:crypto';
import { JELLY_ALREADY_SENT, type CreateJellyRequest, type JellyOrder } from '@jelly/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { jellyOrders } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { jellyCoin } from './coins.ts';
import type { JellyContext } from './context.ts';
import { addJellyEvent } from './jelly-writes.ts';
import { findJellyOrder, findJellyOrderByAddress, jellyTimeline } from './queries.ts';
import { amountUnits } from './quote.ts';
import { jellyOrderWire } from './to-wire.ts';

export const NO_SUCH_DEPOSIT_ADDRESS = 'No order uses this deposit address. Start the exchange again.';
export const NOT_YOUR_ORDER = 'This order belongs to another wallet.';
export const WALLET_IS_NOT_YOURS = 'userWallet must be the wallet you are signed in with.';
export const PAYLOAD_DIFFERS = (field: string) => `${field} differs from the order reserved for this deposit address.`;

/** The request's fingerprint: the same payload always gives the same text. */
function fingerprint(body: CreateJellyRequest): string {
  const ordered = Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(ordered)).digest('hex');
}

/**
 * The user's 'I have sent the funds' on a reserved order. It moves no money and changes no stage: it makes the
 * order count as submitted and asks the watcher to look at the deposit address now. Sent twice → 409.
 */
export async function createJelly(
  ctx: JellyContext,
  user: AuthUser,
  body: CreateJellyRequest,
  lookNow: (address: string) => void,
): Promise<JellyOrder> {
  if (body.userWallet !== user.wallet) throw forbidden(WALLET_IS_NOT_YOURS);
  const order = await findJellyOrderByAddress(ctx.db, body.companyWallet);
  if (!order) throw notFound(NO_SUCH_DEPOSIT_ADDRESS);
  if (order.userWallet !== user.wallet) throw forbidden(NOT_YOUR_ORDER);
  if (order.userConfirmedAt) throw conflict(JELLY_ALREADY_SENT);

  const send = jellyCoin(ctx.coins, body.cryptoCurrencyFromUser, order.sendChain);
  const receive = jellyCoin(ctx.coins, body.newUserCrypto, body.newUserCryptoChain);
  if (body.cryptoCurrencyFromUser !== order.sendCoin || !send) throw badRequest(PAYLOAD_DIFFERS('cryptoCurrencyFromUser'));
  if (body.newUserCrypto !== order.receiveCoin || body.newUserCryptoChain !== order.receiveChain || !receive) {
    throw badRequest(PAYLOAD_DIFFERS('newUserCrypto'));
  }
  if (body.newUserWallets[0] !== order.recipientAddress) throw badRequest(PAYLOAD_DIFFERS('newUserWallets'));
  if (amountUnits(body.amountUserSend, send) !== BigInt(order.amountSend)) throw badRequest(PAYLOAD_DIFFERS('amountUserSend'));
  if (amountUnits(body.amountUserWannaGet, receive) !== BigInt(order.amountReceive)) throw badRequest(PAYLOAD_DIFFERS('amountUserWannaGet'));

  const now = ctx.now();
  const marked = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(jellyOrders)
      .set({ userConfirmedAt: now, createRequestHash: fingerprint(body), updatedAt: now })
      .where(and(eq(jellyOrders.id, order.id), isNull(jellyOrders.userConfirmedAt)))
      .returning();
    if (row) await addJellyEvent(tx, row.id, row.stage, { kind: 'sent_funds', actor: 'user' }, now);
    return row;
  });
  // Two identical requests at once: the conditional update lets one through; the other is the repeat.
  if (!marked) throw conflict(JELLY_ALREADY_SENT);
  lookNow(order.depositAddress);
  const fresh = await findJellyOrder(ctx.db, order.id);
  if (!fresh) throw new Error('createJelly: order vanished');
  return jellyOrderWire(ctx.coins, fresh, await jellyTimeline(ctx.db, order.id));
}
