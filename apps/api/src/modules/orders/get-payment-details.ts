import type { PaymentDetailsResponse } from '@jelly/contracts';
import { paymentDetailsAccess, paymentDetailsOwnerId } from '@jelly/domain';
import type { Database } from '../../db/connect.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { findPaymentDetails } from './offer-payment-details.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { paymentMethodsOf } from './order-view.ts';
import { findOrder } from './queries.ts';

/**
 * GET /orders/{orderId}/payment-details: the details of an offer (its creator), or those of a deal's seller: the Sell
 * offer's, or the ones a Buy offer's claimer gave with the claim (the seller; the buyer once the crypto is locked, 409
 * before; an admin during a dispute). Listed in the order of the offer's payment methods; a method without details is
 * left out.
 */
export async function getPaymentDetails(db: Database, user: AuthUser, orderId: number): Promise<PaymentDetailsResponse> {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  const access = paymentDetailsAccess(order, user.wallet, user.isAdmin);
  if (!access.ok) throw access.reason === 'notYet' ? conflict(access.error) : forbidden(access.error);

  const details = await findPaymentDetails(db, paymentDetailsOwnerId(order));
  const entries = paymentMethodsOf(order.paymentMethodIds).flatMap((method) => {
    const text = details.get(method.id);
    return text === undefined ? [] : [{ paymentMethodId: method.id, paymentMethodName: method.name, details: text }];
  });
  return { orderId: order.orderId, entries };
}
