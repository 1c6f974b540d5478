import type { PaymentDetailsResponse } from '@jelly/contracts';
import type { Database } from '../../db/connect.ts';
import { recordAdminAct } from '../audit/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { getPaymentDetails } from '../orders/index.ts';

/**
 * GET /admin/disputes/{orderId}/payment-details: where the seller asked to be paid, for the admin weighing the buyer's
 * proof of payment. The orders module's rule decides (an admin reads them only while the deal is under dispute); each
 * read that succeeds is written to the audit log before the details leave, so private data is never read unrecorded.
 */
export async function disputePaymentDetails(db: Database, admin: AuthUser, orderId: number, now: Date): Promise<PaymentDetailsResponse> {
  const details = await getPaymentDetails(db, admin, orderId);
  await recordAdminAct(db, {
    actor: admin.wallet,
    action: 'payment_details_viewed',
    orderId,
    details: { methods: details.entries.map((entry) => entry.paymentMethodId) },
    at: now,
  });
  return details;
}
