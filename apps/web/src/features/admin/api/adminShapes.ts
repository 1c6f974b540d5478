import { adminOrderResponse, coin } from '@jelly/contracts';
import { z } from 'zod';

/*
 * The admin API's answers as this screen reads them. The server publishes the same shapes in
 * @jelly/contracts (admin.ts); once it does, these re-export from there.
 */

const iso = z.string();
const wallet = z.string();
const page = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number().int() });

/** GET /admin/disputes: one open dispute of the queue. */
export const disputeRow = z.object({
  orderId: z.number().int(),
  status: z.number().int(),
  statusLabel: z.string(),
  tokenName: z.string(),
  tokenDecimal: z.number().int(),
  fiatCode: z.string(),
  amount: z.string(),
  fiatAmountCents: z.string().nullable(),
  buyerWallet: wallet.nullable(),
  sellerWallet: wallet.nullable(),
  /** When the dispute opened: the SLA clock runs from here. */
  openedAt: iso,
  /** The deal of a wallet banned mid-deal, held for review. */
  flaggedForReview: z.boolean().optional(),
  /** A resolution above the four-eyes amount waits for a second admin. */
  awaitingApproval: z.boolean().optional(),
});
export type DisputeRow = z.infer<typeof disputeRow>;
export const disputesPage = page(disputeRow);
export interface DisputesQuery {
  status?: string;
  token?: string;
  fiat?: string;
  q?: string;
  page: number;
  size: number;
}

export const traderStats = z.object({
  completedDeals: z.number().int(),
  totalDeals: z.number().int(),
  disputes: z.number().int(),
  rating: z.number().nullable(),
});

const party = z.object({
  wallet: wallet,
  stats: traderStats.nullable(),
  earlierDisputes: z.array(z.object({ orderId: z.number().int(), openedAt: iso, statusLabel: z.string() })),
});

export const timelineEvent = z.object({
  at: iso,
  /** What happened, in words ('Locked', 'Payment sent', 'Support requested', …). */
  event: z.string(),
  actorWallet: wallet.nullable(),
  signature: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;

export const dossierAttachment = z.object({
  uploadId: z.string(),
  name: z.string(),
  sizeBytes: z.number().int(),
  kind: z.enum(['image', 'pdf', 'video']),
  sha256: z.string(),
});
export type DossierAttachment = z.infer<typeof dossierAttachment>;

export const dossierMessage = z.object({
  id: z.string(),
  senderWallet: wallet.nullable(),
  text: z.string(),
  at: iso,
  attachments: z.array(dossierAttachment),
});
export type DossierMessage = z.infer<typeof dossierMessage>;

/** A resolution above the four-eyes amount: the first admin's request, waiting for another admin. */
export const pendingApproval = z.object({
  id: z.string(),
  requestedBy: wallet,
  releaseTo: z.enum(['buyer', 'seller']),
  reason: z.string(),
  requestedAt: iso,
});
export type PendingApproval = z.infer<typeof pendingApproval>;

/** GET /admin/disputes/{orderId}: the whole case. */
export const disputeDossier = z.object({
  order: adminOrderResponse,
  openedAt: iso.nullable(),
  flaggedForReview: z.boolean().optional(),
  paymentWindow: z.object({ startedAt: iso.nullable(), endsAt: iso.nullable() }).nullable(),
  timeline: z.array(timelineEvent),
  chat: z.array(dossierMessage),
  buyer: party.nullable(),
  seller: party.nullable(),
  /** Whether this resolution needs a second admin, and the request waiting for one. */
  fourEyes: z.object({ required: z.boolean(), pending: pendingApproval.nullable() }),
});
export type DisputeDossier = z.infer<typeof disputeDossier>;

/** POST /admin/orders/{id}/resolve answers either a submitted resolution or a request waiting for approval. */
export const resolveOutcome = z.object({
  orderId: z.number().int(),
  releaseTo: z.enum(['buyer', 'seller']),
  signature: z.string().nullable().optional(),
  awaitingApproval: z.boolean().optional(),
});
export type ResolveOutcome = z.infer<typeof resolveOutcome>;

/** GET /admin/users/{wallet} */
export const adminUser = z.object({
  wallet: wallet,
  stats: traderStats.nullable(),
  telegramLinked: z.boolean(),
  deals: z.array(z.object({ orderId: z.number().int(), statusLabel: z.string(), tokenName: z.string(), amount: z.string(), tokenDecimal: z.number().int(), createdAt: iso })),
  offers: z.array(z.object({ orderId: z.number().int(), side: z.string(), tokenName: z.string(), fiatCode: z.string(), active: z.boolean() })),
  reports: z.array(z.object({ reporterWallet: wallet, reason: z.string(), createdAt: iso })),
  blocks: z.array(z.object({ wallet: wallet, reason: z.string().nullable(), createdAt: iso })),
  bans: z.array(z.object({ reason: z.string(), until: iso, createdAt: iso, bannedBy: wallet.nullable(), active: z.boolean() })),
});
export type AdminUser = z.infer<typeof adminUser>;

export interface BanRequest {
  wallet: string;
  reason: string;
  /** ISO date-time. */
  until: string;
}

/** GET /admin/tokens/inspect?mint= : the mint as the chain holds it. */
export const mintInspection = z.object({
  mint: z.string(),
  exists: z.boolean(),
  decimals: z.number().int().nullable(),
  program: z.enum(['spl-token', 'token-2022']).nullable(),
  mintAuthority: z.string().nullable(),
  freezeAuthority: z.string().nullable(),
  transferFee: z.boolean(),
  /** Human sentences: an authority still set, a transfer fee (refused). */
  warnings: z.array(z.string()),
  /** Why this mint cannot be listed, when it cannot. */
  refusal: z.string().nullable(),
});
export type MintInspection = z.infer<typeof mintInspection>;

export const newToken = coin.extend({ mintDevnet: z.string().nullable() });
export type NewTokenRequest = Omit<z.infer<typeof coin>, 'mintDevnet'> & { mintDevnet?: string };

/** An admin's view of a listed token: the public fields and whether it is offered. */
export const adminToken = coin.extend({ disabled: z.boolean().optional() });
export type AdminToken = z.infer<typeof adminToken>;

/** GET /admin/audit */
export const auditRow = z.object({
  id: z.union([z.string(), z.number()]),
  at: iso,
  actor: wallet,
  action: z.string(),
  subject: z.string().nullable(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  txSignature: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditPage = page(auditRow);
export interface AuditQuery {
  actor?: string;
  action?: string;
  subject?: string;
  from?: string;
  to?: string;
  page: number;
  size: number;
}

/** GET /admin/platform: the morning figures. */
export const platformFigures = z.object({
  feePayer: z.object({ wallet: wallet, lamports: z.string() }).nullable(),
  desk: z.object({ wallet: wallet, balances: z.array(z.object({ symbol: z.string(), amount: z.string() })) }).nullable(),
  adminSpend24hLamports: z.string(),
  openDisputes: z.number().int(),
  dealsToday: z.number().int(),
  volumeToday: z.array(z.object({ symbol: z.string(), amount: z.string() })),
  medianReleaseSeconds: z.number().nullable(),
});
export type PlatformFigures = z.infer<typeof platformFigures>;
