import type { PaymentDetailsEntry } from '@jelly/contracts';
import { claimTakesPaymentDetails, offerTakesPaymentDetails, PAYMENT_DETAILS_MESSAGES } from '@jelly/domain';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { offerPaymentDetails } from '../../db/schema/index.ts';
import { validationError } from '../../errors.ts';

const refuse = (message: string) => validationError(message, { paymentDetails: message });

/**
 * A new offer's payment details, checked: only on a Sell offer (its creator is the one paid), only for the offer's own
 * payment methods, each once. The contract already bounds their count and length. An empty list stores nothing.
 */
export function checkPaymentDetails(
  entries: readonly PaymentDetailsEntry[] | undefined,
  offerSide: number,
  paymentMethodIds: readonly string[],
): PaymentDetailsEntry[] {
  if (!entries || entries.length === 0) return [];
  if (!offerTakesPaymentDetails(offerSide)) throw refuse(PAYMENT_DETAILS_MESSAGES.sellOffersOnly);
  return checkMethods(entries, paymentMethodIds);
}

/**
 * A claim's payment details, checked: a Buy offer's claimer sells, so they must give them (at least one, for the offer's
 * payment methods, each once) and the buyer has them as soon as the crypto is locked; a Sell offer's claimer buys and
 * gives none. A claim without them is refused as in the claim dialog: a lock the buyer cannot pay would lapse, and
 * the lapse would be blamed on the buyer (a stranger could wreck any Buy-offer maker's rating that way).
 */
export function checkClaimPaymentDetails(
  entries: readonly PaymentDetailsEntry[] | undefined,
  offerSide: number,
  paymentMethodIds: readonly string[],
): PaymentDetailsEntry[] {
  if (!claimTakesPaymentDetails(offerSide)) {
    if (entries && entries.length > 0) throw refuse(PAYMENT_DETAILS_MESSAGES.claim);
    return [];
  }
  if (!entries || entries.length === 0) throw refuse(PAYMENT_DETAILS_MESSAGES.claimNeedsDetails);
  return checkMethods(entries, paymentMethodIds);
}

function checkMethods(entries: readonly PaymentDetailsEntry[], paymentMethodIds: readonly string[]): PaymentDetailsEntry[] {
  if (entries.some((e) => !paymentMethodIds.includes(e.paymentMethodId))) throw refuse(PAYMENT_DETAILS_MESSAGES.unknownMethod);
  if (new Set(entries.map((e) => e.paymentMethodId)).size !== entries.length) throw refuse(PAYMENT_DETAILS_MESSAGES.duplicateMethod);
  return [...entries];
}

/** Stores them under their order: a Sell offer, or a deal on a Buy offer (the caller's transaction). */
export async function insertPaymentDetails(db: Queryable, offerId: number, entries: readonly PaymentDetailsEntry[], now: Date): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(offerPaymentDetails).values(entries.map((e) => ({ offerId, ...e, createdAt: now })));
}

/** Replaces them all (the caller's transaction): what is not sent any more is removed. */
export async function replacePaymentDetails(db: Queryable, offerId: number, entries: readonly PaymentDetailsEntry[], now: Date): Promise<void> {
  await db.delete(offerPaymentDetails).where(eq(offerPaymentDetails.offerId, offerId));
  await insertPaymentDetails(db, offerId, entries, now);
}

/** The stored details of an order (see paymentDetailsOwnerId), by payment method id. */
export async function findPaymentDetails(db: Queryable, offerId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ paymentMethodId: offerPaymentDetails.paymentMethodId, details: offerPaymentDetails.details })
    .from(offerPaymentDetails)
    .where(eq(offerPaymentDetails.offerId, offerId))
    .orderBy(asc(offerPaymentDetails.paymentMethodId));
  return new Map(rows.map((r) => [r.paymentMethodId, r.details]));
}
