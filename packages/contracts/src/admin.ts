import { z } from 'zod';
import { chatMessage } from './chat.ts';
import { isoDateTime, walletAddress } from './common.ts';
import { coin } from './catalogues.ts';
import { adminOrderResponse, adminResolveResponse } from './deals.ts';
import { dealWindowResponse } from './deal-window.ts';
import { traderSummary } from './market.ts';
import { baseUnits, decimalString, order, orderId, orderStatus, tradingStatsResponse, userOrderRow } from './orders.ts';

/**
 * The admin back office (every route: bearer + the admin role, checked on the server against the current admin list;
 * 401 signed out, 403 otherwise). Lists page with Page (default 1) and Size (default 20, at most 100).
 */

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** The text of a resolution or four-eyes reason, as both parties read it. */
export const ADMIN_REASON_MIN = 3;
export const ADMIN_REASON_MAX = 500;
/** A ban without `until` lasts this long. */
export const DEFAULT_BAN_HOURS = 24;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = (max: number) => z.preprocess(emptyToUndefined, z.string().trim().max(max).optional());
const pageParam = z.preprocess(emptyToUndefined, z.coerce.number().int('Page must be a whole number').min(1, 'Page starts at 1').optional());
const sizeParam = z.preprocess(
  emptyToUndefined,
  z.coerce.number().int('Size must be a whole number').min(1).max(ADMIN_MAX_PAGE_SIZE, `Size is at most ${ADMIN_MAX_PAGE_SIZE}`).optional(),
);
const pageInfo = { total: z.number().int(), page: z.number().int(), size: z.number().int() };

export const adminReason = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(ADMIN_REASON_MIN, `The reason needs at least ${ADMIN_REASON_MIN} characters`)
  .max(ADMIN_REASON_MAX, `At most ${ADMIN_REASON_MAX} characters`);

export const releaseTo = z.enum(['buyer', 'seller']);

// ── Disputes ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Queue filters: open = Admin Resolving (the default), flagged = running deals flagged for review (a party was
 * banned), resolved = Admin Resolved, all = any of these.
 */
export const DISPUTE_QUEUE_STATUSES = ['open', 'flagged', 'resolved', 'all'] as const;

/** GET /admin/disputes: oldest dispute first. */
export const disputeQueueQuery = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(DISPUTE_QUEUE_STATUSES, { error: 'status must be open, flagged, resolved or all' }).default('open')),
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
});
export type DisputeQueueQuery = z.input<typeof disputeQueueQuery>;

/** Why a running deal awaits an admin's look apart from a dispute (a party was banned). */
export const reviewFlag = z.object({ reason: z.string(), flaggedAt: isoDateTime, flaggedBy: z.string() });
export type ReviewFlag = z.infer<typeof reviewFlag>;

/** A four-eyes resolution request waiting for a second admin. */
export const resolveApproval = z.object({
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
});
export type ResolveApproval = z.infer<typeof resolveApproval>;

export const disputeQueueRow = z.object({
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
});
export type DisputeQueueRow = z.infer<typeof disputeQueueRow>;

export const disputeQueueResponse = z.object({ data: z.array(disputeQueueRow), ...pageInfo });
export type DisputeQueueResponse = z.infer<typeof disputeQueueResponse>;

export const disputeParams = z.object({ orderId });

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
export const dealEvent = z.object({
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
});
export type DealEvent = z.infer<typeof dealEvent>;

export const dossierAttachment = z.object({
  objectKey: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** Hex SHA-256 of the stored bytes; null for files stored before hashes were kept. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
});
export const dossierMessage = z.object({ message: chatMessage, attachment: dossierAttachment.nullable() });
export type DossierMessage = z.infer<typeof dossierMessage>;

export const earlierDispute = z.object({
  orderId: z.number().int().positive(),
  status: orderStatus,
  openedAt: isoDateTime,
  /** The wallet's side in that deal. */
  role: z.enum(['buyer', 'seller']),
  /** Who received the tokens, once resolved. */
  resolvedTo: releaseTo.nullable(),
});

export const adminBan = z.object({
  id: z.string(),
  wallet: walletAddress,
  reason: z.string(),
  until: isoDateTime,
  createdBy: z.string(),
  createdAt: isoDateTime,
  /** Set by an unban. */
  liftedAt: isoDateTime.nullable(),
  liftedBy: z.string().nullable(),
  /** Holds now: not lifted and until is in the future. */
  active: z.boolean(),
});
export type AdminBan = z.infer<typeof adminBan>;

export const dossierParty = z.object({
  wallet: walletAddress,
  summary: traderSummary,
  stats: tradingStatsResponse,
  /** This wallet's other deals that went to an admin, newest first. */
  earlierDisputes: z.array(earlierDispute),
  activeBan: adminBan.nullable(),
});
export type DossierParty = z.infer<typeof dossierParty>;

/** The resolution both parties see on the deal page. */
export const dealResolution = z.object({
  releaseTo,
  reason: z.string(),
  resolvedBy: z.string(),
  /** The four-eyes approver, when one was needed. */
  approvedBy: z.string().nullable(),
  resolvedAt: isoDateTime,
  signature: z.string().nullable(),
});
export type DealResolution = z.infer<typeof dealResolution>;

/** GET /admin/disputes/{orderId}: the whole case. `header` is the admin order-chat header (resolve buttons, escrow, support requests). */
export const disputeDossierResponse = z.object({
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
  /** Whether resolving this deal needs a second admin, and the threshold (the deal's fiat amount must exceed it; null = never). */
  fourEyes: z.object({ required: z.boolean(), thresholdFiat: decimalString.nullable() }),
  pendingApproval: resolveApproval.nullable(),
  resolution: dealResolution.nullable(),
});
export type DisputeDossier = z.infer<typeof disputeDossierResponse>;

/**
 * POST /admin/orders/{orderId}/resolve (body: adminResolveRequest, reason now required). At or under the four-eyes
 * threshold it executes (200, state executed); above it, the request is recorded (202, state pending_approval) and a
 * different admin decides it with POST /admin/disputes/{orderId}/approvals.
 */
export const adminResolveOutcome = z.discriminatedUnion('state', [
  adminResolveResponse.extend({ state: z.literal('executed'), reason: z.string() }),
  z.object({ state: z.literal('pending_approval'), orderId: z.number().int().positive(), approval: resolveApproval }),
]);
export type AdminResolveOutcome = z.infer<typeof adminResolveOutcome>;

/** POST /admin/disputes/{orderId}/approvals: the second admin (never the requester: 403) approves or rejects. */
export const resolveApprovalDecisionRequest = z
  .object({
    approvalId: z.string().uuid('Unknown approval'),
    decision: z.enum(['approve', 'reject']),
    /** Required to reject. */
    reason: z.preprocess(emptyToUndefined, adminReason.optional()),
  })
  .refine((b) => b.decision === 'approve' || b.reason !== undefined, { message: 'A reason is required to reject', path: ['reason'] });
export type ResolveApprovalDecisionRequest = z.input<typeof resolveApprovalDecisionRequest>;

export const resolveApprovalDecisionResponse = z.object({
  approval: resolveApproval,
  /** The executed resolution when approved; null when rejected. */
  resolution: adminResolveResponse.nullable(),
});
export type ResolveApprovalDecisionResponse = z.infer<typeof resolveApprovalDecisionResponse>;

// ── Users and bans ──────────────────────────────────────────────────────────────────────────────────────────────

/** POST /admin/ban. `until` defaults to now + 24 h; a time in the past is refused (400). */
export const banRequest = z.object({
  wallet: walletAddress,
  reason: z.string({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(ADMIN_REASON_MAX, `At most ${ADMIN_REASON_MAX} characters`),
  until: z.preprocess(emptyToUndefined, isoDateTime.optional()),
});
export type BanRequest = z.input<typeof banRequest>;

export const banResponse = z.object({
  ban: adminBan,
  effects: z.object({
    sessionsRevoked: z.number().int(),
    /** The wallet's active offers taken off the market. */
    offersHidden: z.number().int(),
    /** The wallet's running deals flagged for review. */
    dealsFlagged: z.number().int(),
  }),
});
export type BanResponse = z.infer<typeof banResponse>;

export const adminWalletParams = z.object({ wallet: walletAddress });

/** DELETE /admin/ban/{wallet}: lifts the wallet's active bans (404 when none). Hidden offers stay withdrawn. */
export const unbanResponse = z.object({ wallet: walletAddress, lifted: z.array(adminBan) });
export type UnbanResponse = z.infer<typeof unbanResponse>;

export const adminReport = z.object({ id: z.string(), fromWallet: walletAddress, comment: z.string(), createdAt: isoDateTime });
export const adminBlock = z.object({ wallet: walletAddress, reason: z.string(), createdAt: isoDateTime });

/** GET /admin/users/{wallet} */
export const adminUserResponse = z.object({
  wallet: walletAddress,
  /** First and last sign-in; null when it never signed in. */
  createdAt: isoDateTime.nullable(),
  lastSignInAt: isoDateTime.nullable(),
  isAdmin: z.boolean(),
  telegramLinked: z.boolean(),
  stats: tradingStatsResponse,
  /** Latest 50 deals, newest first. */
  deals: z.array(userOrderRow),
  /** Latest 50 offers, newest first. */
  offers: z.array(userOrderRow),
  reportsAgainst: z.array(adminReport),
  /** Wallets this one blocked, and wallets that blocked it. */
  blocking: z.array(adminBlock),
  blockedBy: z.array(adminBlock),
  /** Every ban, newest first. */
  bans: z.array(adminBan),
  activeBan: adminBan.nullable(),
});
export type AdminUser = z.infer<typeof adminUserResponse>;

// ── Tokens ──────────────────────────────────────────────────────────────────────────────────────────────────────

const mintAddress = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid mint address');

/** POST /admin/new-coin-p2p: the mint is checked on the configured chain (see tokenInspection). */
export const newCoinRequest = z.object({
  mint: mintAddress,
  symbol: z.string().trim().min(1, 'Symbol is required').max(16, 'At most 16 characters'),
  name: z.string().trim().min(1, 'Name is required').max(64, 'At most 64 characters'),
  decimals: z.coerce.number().int('Decimals must be a whole number').min(0).max(18, 'Decimals are at most 18'),
  isVerified: z.boolean().default(true),
  mintDevnet: z.preprocess(emptyToUndefined, mintAddress.nullable().optional()),
  /** An https (or, for local chains, http) image URL: fetched once and stored; a placeholder when it fails. */
  icon: z.url({ protocol: /^https?$/, error: 'Icon must be an http(s) URL' }).max(2048),
});
export type NewCoinRequest = z.input<typeof newCoinRequest>;

/** A catalogue token as admins see it (disabled tokens leave /platform/coins and cannot be used for new offers). */
export const adminToken = coin.extend({ disabled: z.boolean(), position: z.number().int(), createdAt: isoDateTime });
export type AdminToken = z.infer<typeof adminToken>;

export const newCoinResponse = z.object({
  token: adminToken,
  /** Non-blocking findings (freeze authority, mint authority, icon placeholder used). */
  warnings: z.array(z.string()),
});
export type NewCoinResponse = z.infer<typeof newCoinResponse>;

/** GET /admin/tokens: every catalogue token, disabled ones included. */
export const adminTokensResponse = z.array(adminToken);

/** GET /admin/tokens/inspect?mint= */
export const tokenInspectQuery = z.object({ mint: mintAddress });
export const tokenInspection = z.object({
  mint: z.string(),
  exists: z.boolean(),
  program: z.enum(['spl-token', 'token-2022']).nullable(),
  decimals: z.number().int().nullable(),
  supply: baseUnits.nullable(),
  mintAuthority: z.string().nullable(),
  freezeAuthority: z.string().nullable(),
  /** Token-2022 extension names found on the mint. */
  extensions: z.array(z.string()),
  /** A Token-2022 transfer fee (refused: escrow amounts would not add up). */
  transferFee: z.object({ basisPoints: z.number().int(), maximumFee: baseUnits }).nullable(),
  alreadyListed: z.boolean(),
  /** Why the mint cannot be listed; null when it can. */
  refusal: z.string().nullable(),
  warnings: z.array(z.string()),
});
export type TokenInspection = z.infer<typeof tokenInspection>;

export const tokenParams = z.object({ mint: mintAddress });
/** PATCH /admin/tokens/{mint}: at least one field. A new icon URL is fetched and stored like on create. */
export const updateTokenRequest = z
  .object({
    symbol: z.string().trim().min(1).max(16).optional(),
    name: z.string().trim().min(1).max(64).optional(),
    isVerified: z.boolean().optional(),
    mintDevnet: mintAddress.nullable().optional(),
    icon: z.url({ protocol: /^https?$/, error: 'Icon must be an http(s) URL' }).max(2048).optional(),
    disabled: z.boolean().optional(),
    position: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type UpdateTokenRequest = z.input<typeof updateTokenRequest>;
export const updateTokenResponse = z.object({ token: adminToken, warnings: z.array(z.string()) });

// ── Audit log ───────────────────────────────────────────────────────────────────────────────────────────────────

/** The admin acts recorded (the server's own deal refunds are recorded under `server:<job>` actors). */
export const ADMIN_ACTIONS = [
  'resolve_to_buyer',
  'resolve_to_seller',
  'resolve_requested',
  'resolve_approved',
  'resolve_rejected',
  'ban',
  'unban',
  'token_added',
  'token_changed',
  'swap_edited',
  'coin_jelly_edited',
  'refund_expired_lock',
  'refund_orphaned_lock',
] as const;

const queryDateTime = z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true, error: 'Must be an ISO date-time' }).optional());

/** GET /admin/audit: newest first. */
export const auditQuery = z.object({
  actor: optionalText(64),
  action: optionalText(64),
  /** The acted-on thing: a wallet, a mint, a deal id, a swap id. */
  subject: optionalText(100),
  orderId: z.preprocess(emptyToUndefined, orderId.optional()),
  from: queryDateTime,
  to: queryDateTime,
  Page: pageParam,
  Size: sizeParam,
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  subject: z.string().nullable(),
  orderId: z.number().int().positive().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  txSignature: z.string().nullable(),
  reason: z.string().nullable(),
  at: isoDateTime,
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditResponse = z.object({ data: z.array(auditEntry), ...pageInfo });
export type AuditResponse = z.infer<typeof auditResponse>;

// ── Platform ────────────────────────────────────────────────────────────────────────────────────────────────────

const signedLamports = z.string().regex(/^-?\d{1,39}$/, 'Must be a whole number of lamports');

export const tokenBalance = z.object({ symbol: z.string(), mint: z.string(), decimals: z.number().int(), amount: baseUnits });

/** GET /admin/platform: the morning figures. `desk` is null when no swap desk is configured; chain parts null without a chain. */
export const platformFiguresResponse = z.object({
  at: isoDateTime,
  feePayer: z
    .object({ address: z.string(), lamports: baseUnits, runwayDays: z.number().nullable() })
    .nullable(),
  desk: z.object({ address: z.string(), lamports: baseUnits, tokens: z.array(tokenBalance) }).nullable(),
  /** What the admin paid in the last 24 hours (network fees + net rent), lamports; net rent is negative when closes gave back more. */
  adminSpend24h: z.object({ feeLamports: baseUnits, rentLamports: signedLamports, totalLamports: signedLamports }),
  openDisputes: z.number().int(),
  flaggedDeals: z.number().int(),
  /** Deals created since 00:00 UTC, and the volume of those completed today per token. */
  dealsToday: z.number().int(),
  volumeToday: z.array(tokenBalance),
  /** Median seconds from lock to completion over deals completed in the last 30 days; null without any. */
  medianReleaseSeconds: z.number().nullable(),
});
export type PlatformFigures = z.infer<typeof platformFiguresResponse>;
