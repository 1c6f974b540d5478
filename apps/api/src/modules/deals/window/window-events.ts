import type { Queryable } from '../../../db/rows.ts';
import { emitSignal } from '../../../realtime/signals.ts';
import { insertSystemMessage } from '../../chat/index.ts';
import type { WindowDealRow } from './window-queries.ts';

/**
 * In the act's own transaction: the chat's system message in the acting party's name, and the realtime signal that
 * tells both parties' screens to show the new window (both are delivered only if the act commits).
 */
export async function announceWindowChange(
  tx: Queryable,
  deal: WindowDealRow,
  act: { by: string; text: string; deadline: Date | null; now: Date },
): Promise<void> {
  await insertSystemMessage(tx, { dealId: deal.orderId, senderWallet: act.by, content: act.text, createdAt: act.now });
  await emitSignal(tx, {
    t: 'w',
    id: deal.orderId,
    d: act.deadline?.getTime() ?? null,
    w: [deal.creatorWallet, deal.acceptorWallet],
  });
}
