import type { DealWindow } from '@jelly/contracts';
import {
  COUNTDOWN_STATUSES,
  PAYMENT_WINDOW_NOT_RUNNING,
  WINDOW_EXTENSION_ANSWERED,
  extendedDeadline,
  extensionAcceptedText,
  extensionAnswerRefusal,
  extensionDeclinedText,
} from '@jelly/domain';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { dealWindowExtensions, orders } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../auth/index.ts';
import { DEAL_NOT_FOUND, accessWindowDeal, refusalError } from './window-access.ts';
import { announceWindowChange } from './window-events.ts';
import { findWindowDeal, listExtensions, toDealWindow, toRecord } from './window-queries.ts';
import type { WindowContext } from './request-extension.ts';

export const EXTENSION_NOT_FOUND = 'Request for more time not found.';

/**
 * The other party accepts or declines. Under the deal row's lock (taken before the clock is read), so an accept and
 * the payment-window job never both win: an accept that commits first moves the deadline the job then reads; a job
 * that expired the deal first leaves the accept a deal whose window no longer runs, and the accept is refused. Both
 * writes are conditional too (deadline still ahead, request still pending), so a second accept changes nothing.
 */
export async function answerExtension(
  ctx: WindowContext,
  user: AuthUser,
  ids: { dealId: number; extensionId: number },
  answer: 'accept' | 'decline',
): Promise<DealWindow> {
  await accessWindowDeal(ctx.db, user, ids.dealId, false);
  return ctx.db.transaction(async (tx) => {
    const deal = await findWindowDeal(tx, ids.dealId, true);
    if (!deal) throw notFound(DEAL_NOT_FOUND);
    const now = ctx.now();
    const extensions = await listExtensions(tx, ids.dealId);
    const request = extensions.find((e) => e.id === ids.extensionId);
    if (!request) throw notFound(EXTENSION_NOT_FOUND);
    const refusal = extensionAnswerRefusal(deal, toRecord(request), user.wallet, now);
    if (refusal) throw refusalError(refusal);

    let deadline = deal.paymentDeadline;
    if (answer === 'accept' && deadline) {
      const after = extendedDeadline(deadline, request.minutes);
      const moved = await tx
        .update(orders)
        .set({ paymentDeadline: after, updatedAt: now })
        .where(and(eq(orders.orderId, deal.orderId), inArray(orders.status, [...COUNTDOWN_STATUSES]), gt(orders.paymentDeadline, now)))
        .returning({ orderId: orders.orderId });
      if (moved.length === 0) throw conflict(PAYMENT_WINDOW_NOT_RUNNING);
      deadline = after;
    }
    const [answered] = await tx
      .update(dealWindowExtensions)
      .set({
        state: answer === 'accept' ? 'accepted' : 'declined',
        answeredBy: user.wallet,
        answeredAt: now,
        ...(answer === 'accept' ? { deadlineBefore: deal.paymentDeadline, deadlineAfter: deadline } : {}),
      })
      .where(and(eq(dealWindowExtensions.id, request.id), eq(dealWindowExtensions.state, 'pending')))
      .returning();
    if (!answered) throw conflict(WINDOW_EXTENSION_ANSWERED);
    const text = answer === 'accept' && deadline ? extensionAcceptedText(request.minutes, deadline) : extensionDeclinedText(request.minutes);
    await announceWindowChange(tx, deal, { by: user.wallet, text, deadline, now });
    const updated = { ...deal, paymentDeadline: deadline };
    return toDealWindow(updated, extensions.map((e) => (e.id === answered.id ? answered : e)));
  });
}
