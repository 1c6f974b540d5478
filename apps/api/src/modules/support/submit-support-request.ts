import { randomUUID } from 'node:crypto';
import type { SupportRequestResponse } from '@jelly/contracts';
import type { SupportRequestPayload } from '@jelly/domain';
import { buyerAndSeller } from '@jelly/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { supportRequests } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { openDispute } from '../deals/index.ts';
import type { SupportNotifier } from './support-notifier.ts';
import { WRONG_PARTIES } from './support-messages.ts';

interface NotifierLog {
  warn(data: object, message: string): void;
}

/** The database, who tells the admins, where a failed notification is logged, and the clock. */
export interface SupportDeps {
  db: Database;
  notifier: SupportNotifier;
  log: NotifierLog;
  now: () => Date;
}

/**
 * POST /platform/call-tg-bot — a party of the deal asks for help: the deal moves to Admin Resolving (from In
 * Progress, Locked or Signed By One Party), or, up to 24 hours after it completed, expired or was cancelled, a case is opened
 * on it without moving it (once per party). The request is stored with the server's view of buyer and seller, and
 * the admins are notified (a failed notification is logged, never the user's problem).
 */
export async function submitSupportRequest(
  { db, notifier, log, now: clock }: SupportDeps,
  user: AuthUser,
  body: Omit<SupportRequestPayload, 'dealId'> & { dealId: number },
): Promise<SupportRequestResponse> {
  const caller = user.wallet;
  const now = clock();
  const { id, notice, changed, status } = await db.transaction(async (tx) => {
    const dispute = await openDispute(tx, body.dealId, caller, now);
    const { buyerWallet, sellerWallet } = buyerAndSeller(dispute.deal);
    if ((body.buyerWallet && body.buyerWallet !== buyerWallet) || (body.sellerWallet && body.sellerWallet !== sellerWallet)) {
      throw new AppError('VALIDATION_ERROR', WRONG_PARTIES);
    }
    if (dispute.afterEnd) {
      // One case per party on an ended deal: asking again answers the case already open and tells nobody twice.
      const [open] = await tx
        .select({ id: supportRequests.id })
        .from(supportRequests)
        .where(
          and(
            eq(supportRequests.orderId, dispute.deal.orderId),
            eq(supportRequests.requesterWallet, caller),
            eq(supportRequests.statusBefore, dispute.deal.status),
          ),
        );
      if (open) return { id: open.id, notice: null, changed: false, status: dispute.deal.status };
    }
    const row = {
      id: randomUUID(),
      orderId: dispute.deal.orderId,
      requesterWallet: caller,
      buyerWallet,
      sellerWallet,
      orderUrl: body.orderUrl,
      receiver: body.receiver,
      messageType: body.messageType,
      statusBefore: dispute.statusBefore,
      createdAt: now,
    };
    await tx.insert(supportRequests).values(row);
    return { id: row.id, notice: { ...row, status: dispute.deal.status }, changed: dispute.changed, status: dispute.deal.status };
  });

  if (!notice) return { id, orderId: body.dealId, status, statusChanged: false };
  try {
    if (await notifier.notify(notice)) {
      await db.update(supportRequests).set({ notifiedAt: now }).where(eq(supportRequests.id, id));
    }
  } catch (error) {
    log.warn({ err: error, supportRequestId: id }, 'support request notification failed');
  }
  return { id, orderId: notice.orderId, status: notice.status, statusChanged: changed };
}
