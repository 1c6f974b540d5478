import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_TOO_LONG, SUPPORT_MESSAGE_TYPE, SUPPORT_RECEIVER } from '@jelly/domain';
import { z } from 'zod';
import { walletAddress } from './common.ts';
import { orderStatus } from './orders.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * POST /platform/call-tg-bot (bearer) — the deal chat's Support Request. The caller must be a
 * party of the deal; the server records the request, moves the deal to AdminResolving (5) from In Progress (1),
 * Locked (8) or Signed By One Party (2), and notifies the admins. Buyer/seller are checked against the deal
 * (buyer = fiat side, seller = crypto side); the server's own values are what it stores.
 */
export const supportRequest = lazySchema(() => z.object({
  /** The deal's order id (clients send it as a string). */
  dealId: z.coerce.number().int('dealId must be an order id').positive('dealId must be an order id'),
  buyerWallet: walletAddress.nullable(),
  sellerWallet: walletAddress.nullable(),
  /** The deal chat URL the admin opens; informational (the server also links its own admin URL). */
  orderUrl: z.string().max(2048),
  receiver: z.literal(SUPPORT_RECEIVER),
  messageType: z.literal(SUPPORT_MESSAGE_TYPE),
  /**
   * The requester's own words (beyond the spec's payload): required for a case on an ended deal, optional on a live
   * deal; at most 1000 characters after trimming.
   */
  message: z.string().trim().max(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_TOO_LONG).optional(),
}));
export type SupportRequest = z.input<typeof supportRequest>;

export const supportRequestResponse = lazySchema(() => z.object({
  /** The stored support request. */
  id: z.string(),
  orderId: z.number().int().positive(),
  /** The deal's status now: 5 (AdminResolving). */
  status: orderStatus,
  /** false when the deal already was AdminResolving (the request is recorded again, the status unchanged). */
  statusChanged: z.boolean(),
}));
export type SupportRequestResponse = z.infer<typeof supportRequestResponse>;

export const supportPaths = {
  callTgBot: '/platform/call-tg-bot',
  closeCase: (orderId: number) => `/admin/disputes/${orderId}/support-case/close`,
} as const;
