import type { OrderStatus } from '@jelly/domain';
/** A stored support request, as the admins are told about it. */
export interface SupportNotice {
  id: string;
  orderId: number;
  requesterWallet: string;
  buyerWallet: string | null;
  sellerWallet: string | null;
  /** The deal chat URL the requester sent. */
  orderUrl: string;
  /** The deal's status when the request came in, and now (5, Admin Resolving). */
  statusBefore: OrderStatus;
  status: OrderStatus;
  /** The requester's own words, when given. */
  message: string | null;
  createdAt: Date;
}

/**
 * Tells the admins about a support request. The request is already stored (support_requests) when notify runs;
 * `notify` answers whether it reached the admins, and the request's notified_at is set when it did.
 * A Telegram notifier (the notifications work) implements this; a failure never fails the user's request.
 */
export interface SupportNotifier {
  notify(notice: SupportNotice): Promise<boolean>;
}

/**
 * The default: nothing is sent anywhere. Admins see the request in the database (and in GET /admin/orders/{id});
 * requests with notified_at null are the ones no channel has delivered yet.
 */
export const storeOnlySupportNotifier: SupportNotifier = {
  notify: async () => false,
};
