import { z } from 'zod';
import { isoDateTime, walletAddress } from './common.ts';
import { windowExtension } from './deal-window.ts';
import { baseUnits, decimalString, orderId, orderStatus } from './orders.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The deal backend: the co-signer, the admin's dispute screen and resolution.
 *
 * On-chain deal actions go through POST /platform/admin/sign-and-send: the browser builds the escrow
 * instruction with @jelly/escrow (fee payer = `feePayer` from GET /platform/config), the user's wallet signs it
 * (partial signature), the server checks it against the deal, co-signs as fee payer, submits and confirms it,
 * then moves the deal's status from what the chain shows.
 */

/** The largest serialised transaction Solana accepts (one IPv6 packet minus headers). */
export const MAX_TRANSACTION_BYTES = 1232;

/** POST /platform/admin/sign-and-send (bearer). */
export const signAndSendRequest = lazySchema(() => z.object({
  /** The serialised (legacy or v0) transaction, base64, signed by the caller's wallet, admin slot empty. */
  transaction: z
    .string()
    .min(1, 'transaction is required')
    .max(Math.ceil(MAX_TRANSACTION_BYTES / 3) * 4 + 8, `transaction is larger than ${MAX_TRANSACTION_BYTES} bytes`),
}));
export type SignAndSendRequest = z.infer<typeof signAndSendRequest>;

/** The escrow actions a user may submit, and the server-built one. */
export const dealActionKind = lazySchema(() => z.enum(['lock', 'sign', 'cancel', 'admin_resolve']));
export type DealActionKind = z.infer<typeof dealActionKind>;

export const signAndSendResponse = lazySchema(() => z.object({
  /** The transaction signature (base58): the id to look it up on an explorer. */
  signature: z.string(),
  /** The deal (child order) the transaction acted on. */
  orderId: z.number().int().positive(),
  /** The deal's status after the transaction, as the chain shows it (8 locked, 2 signed, 3 completed, 4 cancelled). */
  status: orderStatus,
  kind: dealActionKind,
  /**
   * true when this transaction had already been processed (the same transaction sent twice, or found on chain):
   * the answer is the first result ('Order already resolved').
   */
  alreadyProcessed: z.boolean(),
}));
export type SignAndSendResponse = z.infer<typeof signAndSendResponse>;

/** GET /admin/orders/{orderId} and POST /admin/orders/{orderId}/resolve path. */
export const adminOrderParams = lazySchema(() => z.object({ orderId }));

/** What the chain holds for a locked deal (null when it was never locked). */
export const escrowTicketState = lazySchema(() => z.object({
  ticketAddress: z.string(),
  status: z.enum(['Locked', 'Settled', 'Cancelled', 'ReleasedByAdmin', 'RefundedByAdmin']),
  amount: baseUnits,
  cryptoGuySigned: z.boolean(),
  fiatGuySigned: z.boolean(),
}));
export type EscrowTicketState = z.infer<typeof escrowTicketState>;

/** GET /admin/orders/{orderId} (admin): the admin order-chat header. */
export const adminOrderResponse = lazySchema(() => z.object({
  orderId: z.number().int().positive(),
  parentOrderId: z.number().int().positive().nullable(),
  fiatCode: z.string(),
  /** The asset's symbol (tokenName) and mint. */
  tokenName: z.string(),
  tokenMint: z.string(),
  tokenDecimal: z.number().int(),
  offerSide: z.number().int(),
  /** 'BUY' when offerSide is 1, else 'SELL'. */
  side: z.enum(['BUY', 'SELL']),
  /** Buyer = the fiat side, seller = the crypto side. */
  buyerWallet: walletAddress.nullable(),
  sellerWallet: walletAddress.nullable(),
  /** Base units. */
  amount: baseUnits,
  price: decimalString,
  fiatAmountCents: z.string().nullable(),
  status: orderStatus,
  statusLabel: z.string(),
  /** Whether 'Send to Buyer' / 'Send to Seller' are enabled, and why not ('Order already resolved by admin.'). */
  resolve: z.object({
    toBuyer: z.object({ enabled: z.boolean(), reason: z.string().optional() }),
    toSeller: z.object({ enabled: z.boolean(), reason: z.string().optional() }),
  }),
  /** The on-chain ticket, when the deal was locked and a chain is connected. */
  escrow: escrowTicketState.nullable(),
  /** Support requests opened on this deal, newest first. */
  supportRequests: z.array(
    z.object({ id: z.string(), requesterWallet: walletAddress, orderUrl: z.string(), createdAt: isoDateTime }),
  ),
  /** The parties' requests for more time on the payment window, oldest first, with their answers. */
  extensions: z.array(windowExtension),
}));
export type AdminOrderResponse = z.infer<typeof adminOrderResponse>;

/**
 * POST /admin/orders/{orderId}/resolve (admin): 'buyer' releases to the fiat side, 'seller' refunds the crypto side.
 * `reason` (required, 3–500 characters): what both parties read on the deal page afterwards; it goes to the audit log.
 * Above the four-eyes threshold the answer is 202 with a pending approval (see adminResolveOutcome in admin.ts).
 */
export const adminResolveRequest = lazySchema(() => z.object({
  releaseTo: z.enum(['buyer', 'seller']),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, 'The reason needs at least 3 characters')
    .max(500, 'At most 500 characters'),
}));
export type AdminResolveRequest = z.infer<typeof adminResolveRequest>;

export const adminResolveResponse = lazySchema(() => z.object({
  orderId: z.number().int().positive(),
  /** 6 (AdminResolved) after an on-chain resolution; 4 (Cancelled) for a deal never locked resolved to the seller. */
  status: orderStatus,
  /** The admin_resolve_universal_ticket signature; null when nothing was locked (database-only resolution). */
  signature: z.string().nullable(),
  releaseTo: z.enum(['buyer', 'seller']),
}));
export type AdminResolveResponse = z.infer<typeof adminResolveResponse>;

/** POST /deals/{orderId}/payout/retry (bearer; the waiting payout's recipient only). */
export const retryPayoutParams = lazySchema(() => z.object({ orderId }));
export const retryPayoutResponse = lazySchema(() => z.object({
  orderId: z.number().int().positive(),
  /** The deal's status after the send: 7 (Expired) for a refund, 6 (Admin Resolved) for a resolution. */
  status: orderStatus,
}));
export type RetryPayoutResponse = z.infer<typeof retryPayoutResponse>;

export const dealPaths = {
  signAndSend: '/platform/admin/sign-and-send',
  retryPayout: (id: number | string) => `/deals/${id}/payout/retry`,
  adminOrder: (id: number | string) => `/admin/orders/${id}`,
  adminResolve: (id: number | string) => `/admin/orders/${id}/resolve`,
} as const;
