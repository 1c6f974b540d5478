import type { SupportCase } from '@jelly/contracts';
import { SUPPORT_CASE_NOT_OPEN, buyerAndSeller } from '@jelly/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { supportRequests } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAdminAct } from '../audit/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { findDeal } from '../deals/index.ts';
import { notifySupportCaseClosed } from '../notifications/index.ts';
import { toSupportCase } from './support-case-view.ts';

export const NO_SUPPORT_CASE = 'This deal has no support case.';

/**
 * POST /admin/disputes/{orderId}/support-case/close — an admin closes the deal's open case with a reason: in one
 * transaction the case is closed (only if still open, so two admins cannot both close it), the act is audited and
 * both parties are notified with the reason. The deal chat closes again with the case for a Completed or Cancelled
 * deal. A deal without a case is 404; a case closed already is 409.
 */
export async function closeSupportCase(
  ctx: { db: Database; now: () => Date },
  admin: AuthUser,
  input: { orderId: number; reason: string },
): Promise<SupportCase> {
  const now = ctx.now();
  const deal = await findDeal(ctx.db, input.orderId);
  if (!deal) throw notFound(NO_SUPPORT_CASE);
  return ctx.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(supportRequests)
      .set({ state: 'closed', closedAt: now, closedBy: admin.wallet, closeReason: input.reason })
      .where(and(eq(supportRequests.orderId, input.orderId), eq(supportRequests.state, 'open')))
      .returning();
    if (!closed) {
      const [any] = await tx
        .select({ id: supportRequests.id })
        .from(supportRequests)
        .where(and(eq(supportRequests.orderId, input.orderId), isNotNull(supportRequests.state)))
        .limit(1);
      throw any ? conflict(SUPPORT_CASE_NOT_OPEN) : notFound(NO_SUPPORT_CASE);
    }
    const view = toSupportCase(closed);
    if (!view) throw new Error('a closed case has a state');
    await recordAdminAct(tx, {
      actor: admin.wallet,
      action: 'support_case_closed',
      orderId: input.orderId,
      before: { ...view, state: 'open', closedAt: null, closeReason: null },
      after: view,
      reason: input.reason,
      details: { supportRequestId: closed.id, openedBy: closed.requesterWallet },
      at: now,
    });
    const { buyerWallet, sellerWallet } = buyerAndSeller(deal);
    const parties = [buyerWallet, sellerWallet].filter((w): w is string => w !== null);
    await notifySupportCaseClosed(tx, { orderId: input.orderId, parties, reason: input.reason, now });
    return view;
  });
}
