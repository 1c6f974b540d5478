import type { NotificationKind } from '@jelly/contracts';
import type { Queryable } from '../../db/rows.ts';
import { notify } from '../notifications/index.ts';
import type { JellyOrderRow } from './jelly-writes.ts';

type JellyNotice = Extract<NotificationKind, `jelly_${string}`>;

const TEXTS: Record<JellyNotice, { title: string; message: (o: JellyOrderRow) => string }> = {
  jelly_deposit_detected: { title: 'Deposit detected', message: (o) => `Coin Jelly #${o.id}: your ${o.sendCoin} deposit arrived.` },
  jelly_choice_needed: {
    title: 'Your choice is needed',
    message: (o) => `Coin Jelly #${o.id}: the deposit differs from the quote, came after the rate expired, or came after the market moved against the rate. Exchange at the current rate or get a refund.`,
  },
  jelly_completed: { title: 'Exchange completed', message: (o) => `Coin Jelly #${o.id}: your ${o.receiveCoin} was sent to ${o.recipientAddress}.` },
  jelly_failed: { title: 'Exchange failed', message: (o) => `Coin Jelly #${o.id} failed${o.reason ? `: ${o.reason}` : '.'}` },
  jelly_waiting_for_account: {
    title: 'Open a token account to receive',
    message: (o) =>
      o.stage === 'refunding'
        ? `Coin Jelly #${o.id}: your refund waits: ${o.refundAddress} has no ${o.sendCoin} account yet. Open it from that wallet and the ${o.sendCoin} follows within seconds.`
        : `Coin Jelly #${o.id}: your payout waits: ${o.recipientAddress} has no ${o.receiveCoin} account yet. Open it from that wallet and the ${o.receiveCoin} follows within seconds, or take a refund.`,
  },
  jelly_refunded: { title: 'Deposit refunded', message: (o) => `Coin Jelly #${o.id}: your ${o.sendCoin} was sent back to ${o.refundAddress}.` },
};

/** The bell and Telegram for one step of an order, written in the caller's transaction. */
export async function notifyJelly(tx: Queryable, order: JellyOrderRow, kind: JellyNotice, now: Date): Promise<void> {
  const text = TEXTS[kind];
  await notify(tx, { wallet: order.userWallet, kind, title: text.title, message: text.message(order), data: { jellyId: order.id }, now });
}
