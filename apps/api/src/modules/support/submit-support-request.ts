import { randomUUID } from 'node:crypto';
import type { SupportRequestResponse } from '@jelly/contracts';
import type { SupportRequestPayload } from '@jelly/domain';
import { SUPPORT_MESSAGE_REQUIRED, buyerAndSeller, counterpartyWallet, dealRoleOf } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { supportRequests } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertSystemMessage } from '../chat/index.ts';
import { openDispute } from '../deals/index.ts';
import { notifySupportCaseOpened } from '../notifications/index.ts';
import { existingCase } from './find-case.ts';
import type { SupportNotice, SupportNotifier } from './support-notifier.ts';
import { WRONG_PARTIES } from './support-messages.ts';

interface NotifierLog {
  warn(data: object, message: string): void;
}

/** The database, who tells the admins, where a failed notification is logged, the clock and the app's admins. */
export interface SupportDeps {
  db: Database;
  notifier: SupportNotifier;
  log: NotifierLog;
  now: () => Date;
  /** Every admin wallet (config.adminWallets): each one's bell hears of a case on an ended deal. */
  admins: ReadonlySet<string>;
}

/**
 * POST /platform/call-tg-bot — a party of the deal asks for help: the deal moves to Admin Resolving (from In
 * Progress, Locked or Signed By One Party), or, up to 24 hours after it completed, expired or was cancelled, a case is
 * opened on it without moving it. A case needs the requester's own words; it reopens the deal chat, tells every
 * admin (bell) and the counterparty, and stays open until an admin closes it. One case is open per deal: the same
 * party asking again gets their case back, the other party asking while it is open joins it (their words go to the
 * deal chat), and nobody is told twice. The Telegram admin chat is told of every new request, when it is set (a
 * failed notification is logged, never the user's problem).
 */
export async function submitSupportRequest(
  { db, notifier, log, now: clock, admins }: SupportDeps,
  user: AuthUser,
  body: Omit<SupportRequestPayload, 'dealId'> & { dealId: number; message?: string | undefined },
): Promise<SupportRequestResponse> {
  const caller = user.wallet;
  const now = clock();
  const message = body.message ? body.message : null;
  const { id, notice, changed, status } = await db.transaction(async (tx) => {
    const dispute = await openDispute(tx, body.dealId, caller, now);
    const { deal } = dispute;
    const { buyerWallet, sellerWallet } = buyerAndSeller(deal);
    if ((body.buyerWallet && body.buyerWallet !== buyerWallet) || (body.sellerWallet && body.sellerWallet !== sellerWallet)) {
      throw new AppError('VALIDATION_ERROR', WRONG_PARTIES);
    }
    const role = dealRoleOf(deal, caller) === 'fiat' ? 'buyer' : 'seller';
    const found = dispute.afterEnd ? await existingCase(tx, deal.orderId, caller, deal.status) : undefined;
    if (dispute.afterEnd && !found && !message) throw badRequest(SUPPORT_MESSAGE_REQUIRED, { field: 'message' });
    const row = {
      id: randomUUID(),
      orderId: deal.orderId,
      requesterWallet: caller,
      buyerWallet,
      sellerWallet,
      orderUrl: body.orderUrl,
      receiver: body.receiver,
      messageType: body.messageType,
      statusBefore: dispute.statusBefore,
      createdAt: now,
      message,
      state: dispute.afterEnd ? ('open' as const) : null,
    };
    // A concurrent request of the other party may have opened the deal's one open case first: then this one joins it.
    const inserted = found ? [] : await tx.insert(supportRequests).values(row).onConflictDoNothing().returning({ id: supportRequests.id });
    if (inserted.length === 0) {
      const joined = found ?? (await existingCase(tx, deal.orderId, caller, deal.status));
      if (!joined) throw new AppError('CONFLICT', 'The case is changing right now. Try again in a moment.');
      if (joined.state === 'open' && joined.requesterWallet !== caller && message) {
        await insertSystemMessage(tx, { dealId: deal.orderId, senderWallet: caller, content: `Joined the support case: ${message}`, createdAt: now });
      }
      return { id: joined.id, notice: null, changed: false, status: deal.status };
    }
    if (dispute.afterEnd) {
      await insertSystemMessage(tx, { dealId: deal.orderId, senderWallet: caller, content: `Opened a support case: ${message}`, createdAt: now }, { notifyOther: false });
      await notifySupportCaseOpened(tx, {
        orderId: deal.orderId,
        requesterRole: role,
        message,
        counterparty: counterpartyWallet(deal, caller),
        admins: [...admins],
        requester: caller,
        now,
      });
    }
    const told: SupportNotice = { ...row, status: deal.status };
    return { id: row.id, notice: told, changed: dispute.changed, status: deal.status };
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
