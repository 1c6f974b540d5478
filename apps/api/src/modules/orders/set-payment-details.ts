import type { PaymentDetailsResponse, SetPaymentDetailsRequest } from '@jelly/contracts';
import { PAYMENT_DETAILS_MESSAGES } from '@jelly/domain';
import type { Database } from '../../db/connect.ts';
import { forbidden, notFound } from '../../errors.ts';
import { type AuthUser, findActiveBan, walletBannedError } from '../auth/index.ts';
import { addDealPaymentDetails } from './add-deal-payment-details.ts';
import { getPaymentDetails } from './get-payment-details.ts';
import { checkPaymentDetails, replacePaymentDetails } from './offer-payment-details.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { findOrder } from './queries.ts';

/**
 * PUT /orders/{offerId}/payment-details: the creator replaces their Sell offer's payment details (the same checks as at
 * creation). Deals already under way show the new ones: the buyer pays where the seller says now. On a deal of a Buy
 * offer claimed without details, its seller adds them once (add-deal-payment-details.ts).
 */
export async function setPaymentDetails(
  ctx: { db: Database; now: () => Date },
  user: AuthUser,
  offerId: number,
  request: SetPaymentDetailsRequest,
): Promise<PaymentDetailsResponse> {
  const ban = await findActiveBan(ctx.db, user.wallet, ctx.now());
  if (ban) throw walletBannedError(ban);
  const offer = await findOrder(ctx.db, offerId);
  if (!offer) throw notFound(ORDER_MESSAGES.orderNotFound);
  if (offer.parentOrderId !== null) {
    await addDealPaymentDetails(ctx.db, user.wallet, offer, request.entries, ctx.now());
    return getPaymentDetails(ctx.db, user, offer.orderId);
  }
  if (offer.creatorWallet !== user.wallet) throw forbidden(PAYMENT_DETAILS_MESSAGES.onlyCreatorChanges);
  const entries = checkPaymentDetails(request.entries, offer.offerSide, offer.paymentMethodIds);
  await ctx.db.transaction((tx) => replacePaymentDetails(tx, offer.orderId, entries, ctx.now()));
  return getPaymentDetails(ctx.db, user, offer.orderId);
}
