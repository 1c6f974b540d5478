import { z } from 'zod';
import { chatMessage } from './chat.ts';
import { isoDateTime, walletAddress } from './common.ts';
import { adminBan, emptyToUndefined, optionalText, pageInfo, pageParam, releaseTo, sizeParam, adminReason } from './admin-common.ts';
import { adminOrderResponse, adminResolveResponse } from './deals.ts';
import { dealWindowResponse } from './deal-window.ts';
import { traderSummary } from './market.ts';
import { baseUnits, decimalString, order, orderId, orderStatus } from './orders.ts';
import { tradingStatsResponse } from './trading-stats.ts';
import { lazySchema } from './lazy-schema.ts';
import { supportCase } from './support-case.ts';

/** The admin back office's disputes: the queue, the dossier and four-eyes resolution (shared parts: admin-common.ts). */

// ── Disputes ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Queue filters: open = Admin Resolving (the default), flagged = running deals flagged for review (a party was
 * banned), resolved = Admin Resolved, support = ended deals with an open support case, all = any of these (and
 * ended deals whose case was closed).
 */
export const DISPUTE_QUEUE_STATUSES = ['open', 'flagged', 'resolved', 'support', 'all'] as const;

/** GET /admin/disputes: oldest dispute first. */
export const disputeQueueQuery = lazySchema(() => z.object({
  status: z.preprocess(emptyToUndefined, z.enum(DISPUTE_QUEUE_STATUSES, { error: 'status must be open, flagged, resolved, support or all' }).default('open')),
  /** A token mint or symbol. */
  token: optionalText(64),
  /** A fiat code. */
  fiat: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^[A-Za-z]{3}$/, 'fiat must be a 3-letter currency code').transform((s) => s.toUpperCase()).optional(),
  ),
  /** A deal id, a party's wallet or a transaction signature of the deal. */
  q: optionalText(100),
  Page: pageParam,
  Size: sizeParam,
}));
export type DisputeQueueQuery = z.input<typeof disputeQueueQuery>;

/** Why a running deal awaits an admin's look apart from a dispute (a party was banned). */
export const reviewFlag = lazySchema(() => z.object({ reason: z.string(), flaggedAt: isoDateTime, flaggedBy: z.string() }));
export type ReviewFlag = z.infer<typeof reviewFlag>;

/** A four-eyes resolution request waiting for a second admin. */
export const resolveApproval = lazySchema(() => z.object({
  id: z.string(),
  orderId: z.number().int().positive(),
  releaseTo,
  reason: z.string(),
  requestedBy: walletAddress,
  requestedAt: isoDateTime,
  state: z.enum(['pending', 'approved', 'rejected']),
  decidedBy: walletAddress.nullable(),
  decidedAt: isoDateTime.nullable(),
  /** The second admin's note (required when rejecting). */
  decisionReason: z.string().nullable(),
}));
export type ResolveApproval = z.infer<typeof resolveApproval>;

export const disputeQueueRow = lazySchema(() => z.object({
  orderId: z.number().int().positive(),
  status: orderStatus,
  statusLabel: z.string(),
  tokenMint: z.string(),
  tokenName: z.string(),
  tokenDecimal: z.number().int(),
  amount: baseUnits,
  price: decimalString,
  fiatCode: z.string(),
  fiatAmountCents: z.string().nullable(),
  /** Buyer = the fiat side, seller = the crypto side. */
  buyerWallet: walletAddress.nullable(),
  sellerWallet: walletAddress.nullable(),
  /** The SLA clock's start: when the dispute was opened (first support request), or when the deal was flagged. */
  openedAt: isoDateTime,
  /** Who opened it (a party's wallet, or the admin who flagged it). */
  openedBy: z.string().nullable(),
  /** openedAt + the configured SLA. */
  slaDueAt: isoDateTime,
  reviewFlag: reviewFlag.nullable(),
  pendingApproval: resolveApproval.nullable(),
  /** The latest support case on an ended deal (the requester's words, open or closed); null for other rows. */
  supportCase: supportCase.nullable(),
}));
export type DisputeQueueRow = z.infer<typeof disputeQueueRow>;

export const disputeQueueResponse = lazySchema(() => z.object({ data: z.array(disputeQueueRow), ...pageInfo }));
export type DisputeQueueResponse = z.infer<typeof disputeQueueResponse>;

export const disputeParams = lazySchema(() => z.object({ orderId }));

/** One step of the deal's story, oldest first. */
export const DEAL_EVENT_KINDS = [
  'created',
  'locked',
  'marked_paid',
  'signed',
  'completed',
  'cancelled',
  'expired',
  'dispute_opened',
  'window_extension',
  'flagged',
  'resolve_requested',
  'resolve_rejected',
  'resolved',
  'transaction',
  'admin_act',
] as const;
export const dealEvent = lazySchema(() => z.object({
  at: isoDateTime,
  kind: z.enum(DEAL_EVENT_KINDS),
  /** The wallet that pressed it, `server:<job>` for the server's own acts, null when unknown. */
  actor: z.string().nullable(),
  /** A human sentence ('Seller locked 40 USDC'). */
  label: z.string(),
  /** The on-chain transaction, when the step was one. */
  signature: z.string().nullable(),
  /** The transaction's outcome (pending, confirmed, failed), when the step was one. */
  txState: z.enum(['pending', 'confirmed', 'failed']).nullable(),
}));
export type DealEvent = z.infer<typeof dealEvent>;

export const dossierAttachment = lazySchema(() => z.object({
  objectKey: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** Hex SHA-256 of the stored bytes; null for files stored before hashes were kept. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
}));
export const dossierMessage = lazySchema(() => z.object({ message: chatMessage, attachment: dossierAttachment.nullable() }));
export type DossierMessage = z.infer<typeof dossierMessage>;

export const earlierDispute = lazySchema(() => z.object({
  orderId: z.number().int().positive(),
  status: orderStatus,
  openedAt: isoDateTime,
  /** The wallet's side in that deal. */
  role: z.enum(['buyer', 'seller']),
  /** Who received the tokens, once resolved. */
  resolvedTo: releaseTo.nullable(),
}));


export const dossierParty = lazySchema(() => z.object({
  wallet: walletAddress,
  summary: traderSummary,
  stats: tradingStatsResponse,
  /** This wallet's other deals that went to an admin, newest first. */
  earlierDisputes: z.array(earlierDispute),
  activeBan: adminBan.nullable(),
}));
export type DossierParty = z.infer<typeof dossierParty>;

/** The resolution both parties see on the deal page. */
export const dealResolution = lazySchema(() => z.object({
  releaseTo,
  reason: z.string(),
  resolvedBy: z.string(),
  /** The four-eyes approver, when one was needed. */
  approvedBy: z.string().nullable(),
  resolvedAt: isoDateTime,
  signature: z.string().nullable(),
}));
export type DealResolution = z.infer<typeof dealResolution>;

/** GET /admin/disputes/{orderId}: the whole case. `header` is the admin order-chat header (resolve buttons, escrow, support requests). */
export const disputeDossierResponse = lazySchema(() => z.object({
  header: adminOrderResponse,
  deal: order,
  openedAt: isoDateTime.nullable(),
  slaDueAt: isoDateTime.nullable(),
  timeline: z.array(dealEvent),
  /** Oldest first. */
  chat: z.array(dossierMessage),
  buyer: dossierParty.nullable(),
  seller: dossierParty.nullable(),
  paymentWindow: dealWindowResponse,
  reviewFlag: reviewFlag.nullable(),
  /**
   * Whether resolving this deal needs a second admin, and the threshold: the deal's fiat value, converted to the
   * threshold's currency with the price feed, must exceed it (a deal the feed cannot value counts as above); null = never.
   */
  fourEyes: z.object({
    required: z.boolean(),
    thresholdFiat: decimalString.nullable(),
    /** ISO 4217 code of the threshold (USD unless the setting names another). */
    thresholdCurrency: z.string().regex(/^[A-Z]{3}$/).nullable(),
  }),
  pendingApproval: resolveApproval.nullable(),
  resolution: dealResolution.nullable(),
  /** The latest support case on the ended deal (open, or closed with the admin's reason); null when none. */
  supportCase: supportCase.nullable(),
}));
export type DisputeDossier = z.infer<typeof disputeDossierResponse>;

/**
 * POST /admin/orders/{orderId}/resolve (body: adminResolveRequest, reason now required). At or under the four-eyes
 * threshold it executes (200, state executed); above it, the request is recorded (202, state pending_approval) and a
 * different admin decides it with POST /admin/disputes/{orderId}/approvals.
 */
export const adminResolveOutcome = lazySchema(() => z.discriminatedUnion('state', [
  adminResolveResponse.extend({ state: z.literal('executed'), reason: z.string() }),
  z.object({ state: z.literal('pending_approval'), orderId: z.number().int().positive(), approval: resolveApproval }),
]));
export type AdminResolveOutcome = z.infer<typeof adminResolveOutcome>;

/** POST /admin/disputes/{orderId}/approvals: the second admin (never the requester: 403) approves or rejects. */
export const resolveApprovalDecisionRequest = lazySchema(() => z
  .object({
    approvalId: z.string().uuid('Unknown approval'),
    decision: z.enum(['approve', 'reject']),
    /** Required to reject. */
    reason: z.preprocess(emptyToUndefined, adminReason.optional()),
  })
  .refine((b) => b.decision === 'approve' || b.reason !== undefined, { message: 'A reason is required to reject', path: ['reason'] }));
export type ResolveApprovalDecisionRequest = z.input<typeof resolveApprovalDecisionRequest>;

export const resolveApprovalDecisionResponse = lazySchema(() => z.object({
  approval: resolveApproval,
  /** The executed resolution when approved; null when rejected. */
  resolution: adminResolveResponse.nullable(),
}));
export type ResolveApprovalDecisionResponse = z.infer<typeof resolveApprovalDecisionResponse>;

