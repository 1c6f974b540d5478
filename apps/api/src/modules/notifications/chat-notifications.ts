import { sql } from 'drizzle-orm';
import { chatNotificationThrottle } from '../../db/schema/index.ts';
import { isViewingRoom, type ChatRoom } from '../../realtime/presence.ts';
import { loadDealFacts, type Tx } from './deal-notifications.ts';
import { chatMessageNotice, swapChatMessageNotice } from './deal-texts.ts';
import { notify } from './notify.ts';

/** At most one chat notification per room and recipient in this window. */
export const CHAT_NOTIFICATION_THROTTLE_MS = 5 * 60_000;

/**
 * Whether `recipient` should hear of a new message in `room` now: not while they have the room open (a live
 * subscription on any API process), and at most once per room every 5 minutes. The throttle is an atomic upsert
 * keyed by (wallet, room kind, room id), so concurrent messages cannot both pass and a deal never throttles the
 * swap that happens to share its number.
 */
async function mayNotify(tx: Tx, recipient: string, room: ChatRoom, now: Date): Promise<boolean> {
  if (await isViewingRoom(tx, recipient, room, now)) return false;
  const cutoff = new Date(now.getTime() - CHAT_NOTIFICATION_THROTTLE_MS).toISOString();
  const allowed = await tx
    .insert(chatNotificationThrottle)
    .values({ wallet: recipient, roomKind: room.kind, dealId: room.id, lastNotifiedAt: now })
    .onConflictDoUpdate({
      target: [chatNotificationThrottle.wallet, chatNotificationThrottle.roomKind, chatNotificationThrottle.dealId],
      set: { lastNotifiedAt: now },
      setWhere: sql`${chatNotificationThrottle.lastNotifiedAt} <= ${cutoff}::timestamptz`,
    })
    .returning({ wallet: chatNotificationThrottle.wallet });
  return allowed.length > 0;
}

/**
 * Call inside the transaction that stored a deal-chat message: the other party gets a notification unless they
 * have the deal open right now, at most one per deal every 5 minutes.
 */
export async function notifyChatMessage(
  tx: Tx,
  message: { dealId: number; senderWallet: string; content: string; hasFile: boolean; now: Date },
): Promise<boolean> {
  const facts = await loadDealFacts(tx, message.dealId);
  if (!facts) return false;
  const recipients = [facts.creatorWallet, facts.acceptorWallet].filter(
    (wallet): wallet is string => Boolean(wallet) && wallet !== message.senderWallet,
  );
  let sent = false;
  for (const recipient of recipients) {
    if (!(await mayNotify(tx, recipient, { kind: 'deal', id: message.dealId }, message.now))) continue;
    const notice = chatMessageNotice(facts, message.senderWallet, recipient, message.content, message.hasFile);
    await notify(tx, { ...notice, orderId: facts.orderId, data: { status: facts.status }, now: message.now });
    sent = true;
  }
  return sent;
}

/**
 * Call inside the transaction that stored a swap-chat message. A swap's room is its owner and the desk (every
 * admin): the owner's message goes to each admin, a desk message to the owner, with the same viewing rule and
 * throttle as a deal chat. The notification carries the swap's id (its link is /swap-chat/{id}?kind=swap).
 */
export async function notifySwapChatMessage(
  tx: Tx,
  message: { swapId: number; owner: string; admins: ReadonlySet<string>; senderWallet: string; content: string; hasFile: boolean; now: Date },
): Promise<boolean> {
  const fromOwner = message.senderWallet === message.owner;
  const recipients = fromOwner ? [...message.admins].filter((wallet) => wallet !== message.senderWallet) : [message.owner];
  const sender = { wallet: message.senderWallet, isDesk: !fromOwner };
  let sent = false;
  for (const recipient of recipients) {
    if (!(await mayNotify(tx, recipient, { kind: 'swap', id: message.swapId }, message.now))) continue;
    const notice = swapChatMessageNotice(message.swapId, sender, recipient, message.content, message.hasFile);
    await notify(tx, { ...notice, swapId: message.swapId, now: message.now });
    sent = true;
  }
  return sent;
}
