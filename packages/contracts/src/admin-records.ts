import { z } from 'zod';
import { isoDateTime, walletAddress } from './common.ts';
import { coin } from './catalogues.ts';
import { ADMIN_REASON_MAX, adminBan, emptyToUndefined, optionalText, pageInfo, pageParam, sizeParam } from './admin-common.ts';
import { baseUnits, orderId } from './orders.ts';
import { userOrderRow } from './owner-orders.ts';
import { tradingStatsResponse } from './trading-stats.ts';
import { lazySchema } from './lazy-schema.ts';

/** The admin back office's records: bans and users, tokens, the audit log, the platform figures. */

// ── Users and bans ──────────────────────────────────────────────────────────────────────────────────────────────

/** POST /admin/ban. `until` defaults to now + 24 h; a time in the past is refused (400). */
export const banRequest = lazySchema(() => z.object({
  wallet: walletAddress,
  reason: z.string({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(ADMIN_REASON_MAX, `At most ${ADMIN_REASON_MAX} characters`),
  until: z.preprocess(emptyToUndefined, isoDateTime.optional()),
}));
export type BanRequest = z.input<typeof banRequest>;

export const banResponse = lazySchema(() => z.object({
  ban: adminBan,
  effects: z.object({
    sessionsRevoked: z.number().int(),
    /** The wallet's active offers taken off the market. */
    offersHidden: z.number().int(),
    /** The wallet's running deals flagged for review. */
    dealsFlagged: z.number().int(),
  }),
}));
export type BanResponse = z.infer<typeof banResponse>;

export const adminWalletParams = lazySchema(() => z.object({ wallet: walletAddress }));

/** DELETE /admin/ban/{wallet}: lifts the wallet's active bans (404 when none). Hidden offers stay withdrawn. */
export const unbanResponse = lazySchema(() => z.object({ wallet: walletAddress, lifted: z.array(adminBan) }));
export type UnbanResponse = z.infer<typeof unbanResponse>;

export const adminReport = lazySchema(() => z.object({ id: z.string(), fromWallet: walletAddress, comment: z.string(), createdAt: isoDateTime }));
export const adminBlock = lazySchema(() => z.object({ wallet: walletAddress, reason: z.string(), createdAt: isoDateTime }));

/** GET /admin/users/{wallet} */
export const adminUserResponse = lazySchema(() => z.object({
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
}));
export type AdminUser = z.infer<typeof adminUserResponse>;

// ── Tokens ──────────────────────────────────────────────────────────────────────────────────────────────────────

const mintAddress = lazySchema(() => z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid mint address'));

/** The path of a coin icon the server ships (apps/api/assets/coins), e.g. /api/assets/coins/usdc.svg; group 1 is the file. */
export const BUILT_IN_COIN_ICON = /^\/api\/assets\/coins\/([a-z0-9-]{1,40}\.svg)$/;
export const TOKEN_ICON_REFUSED = 'Icon must be an http(s) URL or a built-in icon path such as /api/assets/coins/usdc.svg';
const httpUrl = lazySchema(() => z.url({ protocol: /^https?$/ }));
const tokenIcon = lazySchema(() => z
  .string()
  .trim()
  .max(2048, 'At most 2048 characters')
  .refine((icon) => BUILT_IN_COIN_ICON.test(icon) || httpUrl.safeParse(icon).success, TOKEN_ICON_REFUSED));

/** POST /admin/new-coin-p2p: the mint is checked on the configured chain (see tokenInspection). */
export const newCoinRequest = lazySchema(() => z.object({
  mint: mintAddress,
  symbol: z.string().trim().min(1, 'Symbol is required').max(16, 'At most 16 characters'),
  name: z.string().trim().min(1, 'Name is required').max(64, 'At most 64 characters'),
  decimals: z.coerce.number().int('Decimals must be a whole number').min(0).max(18, 'Decimals are at most 18'),
  /** Left out: on unless the mint has a live mint or freeze authority (read from the chain). */
  isVerified: z.boolean().optional(),
  /**
   * The admin has seen that a listed token's symbol could be taken for this one's (same letters, case, look-alike
   * characters) and lists it anyway; its name must then differ. Without it such a symbol is refused (409).
   */
  confirmLookalikeSymbol: z.boolean().default(false),
  mintDevnet: z.preprocess(emptyToUndefined, mintAddress.nullable().optional()),
  /**
   * Optional (a placeholder otherwise): an https (or, for local chains, http) image URL, fetched once and stored (a
   * placeholder when that fails), or the path of an icon the server ships, like the built-in coins' (kept as it is).
   */
  icon: z.preprocess(emptyToUndefined, tokenIcon.optional()),
}));
export type NewCoinRequest = z.input<typeof newCoinRequest>;

/** A catalogue token as admins see it (disabled tokens leave /platform/coins and cannot be used for new offers). */
export const adminToken = lazySchema(() => coin.extend({ disabled: z.boolean(), position: z.number().int(), createdAt: isoDateTime }));
export type AdminToken = z.infer<typeof adminToken>;

export const newCoinResponse = lazySchema(() => z.object({
  token: adminToken,
  /** Non-blocking findings (freeze authority, mint authority, icon placeholder used). */
  warnings: z.array(z.string()),
}));
export type NewCoinResponse = z.infer<typeof newCoinResponse>;

/** GET /admin/tokens: every catalogue token, disabled ones included. */
export const adminTokensResponse = lazySchema(() => z.array(adminToken));

/** GET /admin/tokens/inspect?mint= */
export const tokenInspectQuery = lazySchema(() => z.object({ mint: mintAddress }));
export const tokenInspection = lazySchema(() => z.object({
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
}));
export type TokenInspection = z.infer<typeof tokenInspection>;

export const tokenParams = lazySchema(() => z.object({ mint: mintAddress }));
/** PATCH /admin/tokens/{mint}: at least one field. A new icon URL is fetched and stored like on create. */
export const updateTokenRequest = lazySchema(() => z
  .object({
    symbol: z.string().trim().min(1).max(16).optional(),
    name: z.string().trim().min(1).max(64).optional(),
    /** As on create: a symbol another listed token's could be taken for needs this and a distinct name. */
    confirmLookalikeSymbol: z.boolean().optional(),
    isVerified: z.boolean().optional(),
    mintDevnet: mintAddress.nullable().optional(),
    icon: tokenIcon.optional(),
    disabled: z.boolean().optional(),
    position: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change'));
export type UpdateTokenRequest = z.input<typeof updateTokenRequest>;
export const updateTokenResponse = lazySchema(() => z.object({ token: adminToken, warnings: z.array(z.string()) }));

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
  'coin_jelly_deposit_confirmed',
  'refund_expired_lock',
  'refund_orphaned_lock',
  'payment_details_viewed',
  'support_case_closed',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

const queryDateTime = lazySchema(() => z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true, error: 'Must be an ISO date-time' }).optional()));

/** GET /admin/audit: newest first. */
export const auditQuery = lazySchema(() => z.object({
  actor: optionalText(64),
  action: optionalText(64),
  /** The acted-on thing: a wallet, a mint, a deal id, a swap id. */
  subject: optionalText(100),
  orderId: z.preprocess(emptyToUndefined, orderId.optional()),
  from: queryDateTime,
  to: queryDateTime,
  Page: pageParam,
  Size: sizeParam,
}));
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEntry = lazySchema(() => z.object({
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
}));
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditResponse = lazySchema(() => z.object({ data: z.array(auditEntry), ...pageInfo }));
export type AuditResponse = z.infer<typeof auditResponse>;

// ── Platform ────────────────────────────────────────────────────────────────────────────────────────────────────

const signedLamports = lazySchema(() => z.string().regex(/^-?\d{1,39}$/, 'Must be a whole number of lamports'));

export const tokenBalance = lazySchema(() => z.object({ symbol: z.string(), mint: z.string(), decimals: z.number().int(), amount: baseUnits }));

/** GET /admin/platform: the morning figures. `desk` is null when no swap desk is configured; chain parts null without a chain. */
export const platformFiguresResponse = lazySchema(() => z.object({
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
}));
export type PlatformFigures = z.infer<typeof platformFiguresResponse>;
