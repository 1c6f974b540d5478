import type { BanResponse, UnbanResponse } from '@jelly/contracts';
import { DEFAULT_BAN_HOURS } from '@jelly/contracts';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { SharedConfig } from '../../shared-config.ts';
import type { Database } from '../../db/connect.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { recordAdminAct } from '../audit/index.ts';
import { applyBan, liftActiveBans, recordBan, type BanGuard, type AuthUser } from '../auth/index.ts';
import { flagRunningDealsOf } from '../deals/index.ts';
import { notifyWalletBanned } from '../notifications/index.ts';
import { withdrawOffersOf } from '../orders/index.ts';
import { toAdminBan } from './ban-view.ts';

export interface BanContext {
  db: Database;
  config: Pick<SharedConfig, 'now'>;
  bans: BanGuard;
}

export const BAN_IN_PAST = 'The ban must end in the future.';
export const CANNOT_BAN_SELF = 'You cannot ban your own wallet.';
export const NO_ACTIVE_BAN = 'This wallet has no active ban.';
const HOUR_MS = 60 * 60 * 1000;

/**
 * POST /admin/ban — the ban bites at once: the row is written with its effects in one transaction (the wallet's
 * active offers are withdrawn, its running deals flagged for review, the wallet notified, the act audited), then
 * applyBan revokes its sessions and closes its sockets on every API process. On-chain state is never touched: a
 * flagged deal waits for an admin's decision.
 */
export async function banWallet(
  ctx: BanContext,
  admin: AuthUser,
  body: { wallet: string; reason: string; until?: string | undefined },
): Promise<BanResponse> {
  const now = ctx.config.now();
  const until = body.until ? new Date(body.until) : new Date(now.getTime() + DEFAULT_BAN_HOURS * HOUR_MS);
  if (until.getTime() <= now.getTime()) throw badRequest(BAN_IN_PAST, { field: 'until' });
  if (body.wallet === admin.wallet) throw badRequest(CANNOT_BAN_SELF, { field: 'wallet' });
  const wallet = body.wallet;
  const [sessions] = await ctx.db
    .select({ n: count() })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.wallet, wallet), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)));

  const result = await ctx.db.transaction(async (tx) => {
    const row = await recordBan(tx, { wallet, reason: body.reason, until, by: admin.wallet, at: now });
    // Each write by the module that owns it: the ban row (auth), offers leaving the market by their creator's cancel
    // step (orders), running deals flagged for review (deals), the wallet told (notifications).
    const hidden = await withdrawOffersOf(tx, wallet, now);
    const flagged = await flagRunningDealsOf(tx, wallet, { reason: `A party was banned: ${body.reason}`, by: admin.wallet, at: now });
    await notifyWalletBanned(tx, { wallet, reason: body.reason, until, now });
    const effects = {
      sessionsRevoked: sessions?.n ?? 0,
      offersHidden: hidden.length,
      dealsFlagged: flagged.length,
    };
    await recordAdminAct(tx, {
      actor: admin.wallet,
      action: 'ban',
      subject: wallet,
      before: null,
      after: { ...toAdminBan(row, now), hiddenOffers: hidden, flaggedDeals: flagged },
      reason: body.reason,
      at: now,
    });
    return { ban: toAdminBan(row, now), effects };
  });
  await applyBan(ctx, wallet);
  return result;
}

/** DELETE /admin/ban/{wallet} — lifts the wallet's active bans at once (withdrawn offers stay withdrawn). */
export async function unbanWallet(ctx: BanContext, admin: AuthUser, wallet: string, reason: string | null): Promise<UnbanResponse> {
  const now = ctx.config.now();
  const lifted = await ctx.db.transaction(async (tx) => {
    const { before, lifted: rows } = await liftActiveBans(tx, wallet, { by: admin.wallet, at: now });
    if (before.length === 0) return [];
    await recordAdminAct(tx, {
      actor: admin.wallet,
      action: 'unban',
      subject: wallet,
      before: before.map((row) => toAdminBan(row, now)),
      after: rows.map((row) => toAdminBan(row, now)),
      reason,
      at: now,
    });
    return rows;
  });
  ctx.bans.forget(wallet);
  if (lifted.length === 0) throw notFound(NO_ACTIVE_BAN);
  return { wallet, lifted: lifted.map((row) => toAdminBan(row, now)) };
}
