import { randomUUID } from 'node:crypto';
import type { SupportRequestResponse } from '@jelly/contracts';
import type { SupportRequestPayload } from '@jelly/domain';
import { buyerAndSeller } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { supportRequests } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { openDispute } from '../deals/index.ts';
import type { SupportNotifier } from './support-notifier.ts';

export const WRONG_PARTIES = "buyerWallet and sellerWallet must be the deal's buyer (fiat side) and seller (crypto side).";

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
 * Progress, Locked or Signed By One Party), the request is stored with the server's view of buyer and seller, and
 * the admins are notified (a failed notification is logged, never the user's problem).
 */
export async function submitSupportRequest(
  { db, notifier, log, now: clock }: SupportDeps,
  user: AuthUser,
  body: Omit<SupportRequestPayload, 'dealId'> & { dealId: number },
): Promise<SupportRequestResponse> {
  const caller = user.wallet;
  const now = clock();
  const { id, notice, changed } = await db.transaction(async (tx) => {
    const dispute = await openDispute(tx, body.dealId, caller, now);
    const { buyerWallet, sellerWallet } = buyerAndSeller(dispute.deal);
    if ((body.buyerWallet && body.buyerWallet !== buyerWallet) || (body.sellerWallet && body.sellerWallet !== sellerWallet)) {
      throw new AppError('VALIDATION_ERROR', WRONG_PARTIES);
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
    return { id: row.id, notice: { ...row, status: dispute.deal.status }, changed: dispute.changed };
  });

  try {
    if (await notifier.notify(notice)) {
      await db.update(supportRequests).set({ notifiedAt: now }).where(eq(supportRequests.id, id));
    }
  } catch (error) {
    log.warn({ err: error, supportRequestId: id }, 'support request notification failed');
  }
  return { id, orderId: notice.orderId, status: notice.status, statusChanged: changed };
}
