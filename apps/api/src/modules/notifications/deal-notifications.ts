import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { orders } from '../../db/schema/index.ts';
import {
  cancelledByPartyNotices,
  extensionRequestedNotice,
  offerClaimedNotices,
  reviewReceivedNotice,
  statusChangeNotices,
  walletBannedNotice,
  type DealFacts,
  type DealNotice,
  type DealStatusNote,
} from './deal-texts.ts';
import { notify } from './notify.ts';
import { foldIntoRecentClaimNotice } from './offer-claimed-batch.ts';

/** A transaction (or the database) as the deal use-cases hold it. */
export type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The deal as it is now in this transaction (offers are not deals: undefined). */
export async function loadDealFacts(tx: Tx, dealId: number): Promise<DealFacts | undefined> {
  const [row] = await tx
    .select({
      orderId: orders.orderId,
      offerId: orders.parentOrderId,
      creatorWallet: orders.creatorWallet,
      acceptorWallet: orders.acceptorWallet,
      offerSide: orders.offerSide,
      status: orders.status,
      tokenName: orders.tokenName,
      tokenDecimal: orders.tokenDecimal,
      amount: orders.amount,
      filledQuantity: orders.filledQuantity,
      fiatAmountCents: orders.fiatAmountCents,
      fiatCode: orders.fiatCode,
      paymentDeadline: orders.paymentDeadline,
      lockedAt: orders.lockedAt,
    })
    .from(orders)
    .where(and(eq(orders.orderId, dealId), isNotNull(orders.parentOrderId)));
  return row;
}

async function write(tx: Tx, facts: DealFacts, notices: DealNotice[], now: Date): Promise<void> {
  for (const notice of notices) {
    await notify(tx, { ...notice, orderId: facts.orderId, data: { status: facts.status }, now });
  }
}

/**
 * Call inside the transaction that moved a deal, after the move: tells the parties what happened (lock, payment
 * marked, completion, cancel, dispute, resolution, expiry) according to the status the deal now has.
 */
export async function notifyDealStatus(tx: Tx, dealId: number, now: Date, note: DealStatusNote = {}): Promise<void> {
  const facts = await loadDealFacts(tx, dealId);
  if (facts) await write(tx, facts, statusChangeNotices(facts, now, note), now);
}

/**
 * Call inside the claim's transaction, after the deal row is written: tells the offer's creator. With
 * `batchMinutes`, a claim on an offer whose creator heard of another claim less than that long ago is folded into
 * that notification (a count) instead of making a new one.
 */
export async function notifyOfferClaimed(tx: Tx, dealId: number, now: Date, batchMinutes?: number): Promise<void> {
  const facts = await loadDealFacts(tx, dealId);
  if (!facts) return;
  const notices = offerClaimedNotices(facts, now);
  const fresh: DealNotice[] = [];
  for (const notice of notices) {
    if (!batchMinutes || !(await foldIntoRecentClaimNotice(tx, facts, notice, now, batchMinutes))) fresh.push(notice);
  }
  await write(tx, facts, fresh, now);
}

/** Call inside a party's database cancel of an unlocked deal: tells the other party who cancelled. */
export async function notifyDealCancelledBy(tx: Tx, dealId: number, canceller: string, now: Date): Promise<void> {
  const facts = await loadDealFacts(tx, dealId);
  if (facts) await write(tx, facts, cancelledByPartyNotices(facts, canceller), now);
}

/** Call inside the transaction that stored a request for more time: the other party is asked to accept or decline. */
export async function notifyExtensionRequested(tx: Tx, request: { dealId: number; requester: string; minutes: number; now: Date }): Promise<void> {
  const facts = await loadDealFacts(tx, request.dealId);
  if (!facts) return;
  const notice = extensionRequestedNotice(facts, request.requester, request.minutes);
  if (notice) await notify(tx, { ...notice, orderId: facts.orderId, data: { minutes: request.minutes }, now: request.now });
}

/** Call inside the transaction that stored a review. */
export async function notifyReviewReceived(
  tx: Tx,
  review: { dealId: number; fromWallet: string; toWallet: string; score: number; comment: string; now: Date },
): Promise<void> {
  const notice = reviewReceivedNotice({ orderId: review.dealId }, review.fromWallet, review.toWallet, review.score, review.comment);
  await notify(tx, { ...notice, orderId: review.dealId, data: { score: review.score }, now: review.now });
}

/** Call inside the transaction that stored a ban. */
export async function notifyWalletBanned(tx: Tx, ban: { wallet: string; reason: string; until: Date; now: Date }): Promise<void> {
  const notice = walletBannedNotice(ban.wallet, ban.reason, ban.until);
  await notify(tx, { ...notice, data: { reason: ban.reason, until: ban.until.toISOString() }, now: ban.now });
}
