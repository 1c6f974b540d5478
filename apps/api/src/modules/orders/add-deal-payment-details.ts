import type { PaymentDetailsEntry } from '@jelly/contracts';
import { claimTakesPaymentDetails, cryptoSideWallet, isFinalStatus, PAYMENT_DETAILS_MESSAGES } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { offerPaymentDetails, orders } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden } from '../../errors.ts';
import { checkClaimPaymentDetails, insertPaymentDetails } from './offer-payment-details.ts';
import type { OrderRow } from './order-view.ts';

/**
 * A deal on a Buy offer claimed without payment details (claims before they were required): its seller (the crypto
 * side) adds them, once, while the deal is under way, so the buyer can pay. Details already given are never replaced:
 * the buyer may have paid there. The deal row is locked first, so two concurrent requests add them once.
 */
export async function addDealPaymentDetails(
  db: Database,
  wallet: string,
  deal: OrderRow,
  entries: readonly PaymentDetailsEntry[],
  now: Date,
): Promise<void> {
  if (!claimTakesPaymentDetails(deal.offerSide)) throw badRequest(PAYMENT_DETAILS_MESSAGES.offerOnly);
  if (cryptoSideWallet(deal) !== wallet) throw forbidden(PAYMENT_DETAILS_MESSAGES.onlySellerGives);
  const checked = checkClaimPaymentDetails(entries, deal.offerSide, deal.paymentMethodIds);
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.orderId, deal.orderId)).for('update');
    if (!row || isFinalStatus(row.status)) throw conflict(PAYMENT_DETAILS_MESSAGES.dealEndedNoDetails);
    const given = await tx
      .select({ paymentMethodId: offerPaymentDetails.paymentMethodId })
      .from(offerPaymentDetails)
      .where(eq(offerPaymentDetails.offerId, deal.orderId))
      .limit(1);
    if (given.length > 0) throw conflict(PAYMENT_DETAILS_MESSAGES.dealDetailsGiven);
    await insertPaymentDetails(tx, deal.orderId, checked, now);
  });
}
