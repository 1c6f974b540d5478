import type { Queryable } from '../../../db/rows.ts';
import { emitSignal } from '../../../realtime/signals.ts';
import { insertSystemMessage } from '../../chat/index.ts';
import { notifyExtensionRequested } from '../../notifications/index.ts';
import type { WindowDealRow } from './window-queries.ts';

/**
 * In the act's own transaction: the chat's system message in the acting party's name, and the realtime signal that
 * tells both parties' screens to show the new window (both are delivered only if the act commits). A request for
 * more time asks the other party to act, so it is their own notification (bell, toast, Telegram), sent even while
 * they have the deal open, in place of the chat's message notification.
 */
export async function announceWindowChange(
  tx: Queryable,
  deal: WindowDealRow,
  act: { by: string; text: string; deadline: Date | null; now: Date; requestedMinutes?: number },
): Promise<void> {
  const request = act.requestedMinutes !== undefined;
  await insertSystemMessage(tx, { dealId: deal.orderId, senderWallet: act.by, content: act.text, createdAt: act.now }, { notifyOther: !request });
  if (request) await notifyExtensionRequested(tx, { dealId: deal.orderId, requester: act.by, minutes: act.requestedMinutes ?? 0, now: act.now });
  await emitSignal(tx, {
    t: 'w',
    id: deal.orderId,
    d: act.deadline?.getTime() ?? null,
    w: [deal.creatorWallet, deal.acceptorWallet],
  });
}
