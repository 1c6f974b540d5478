import type { BlockListResponse, BlockUserRequest, BlockUserResponse, UnblockResponse } from '@jelly/contracts';
import { checkReason } from '@jelly/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { userBlockDays, userBlocks } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { enforceDailyCap, utcDay } from '../../lib/daily-cap.ts';
import type { AuthUser } from '../auth/index.ts';
import type { RatingDeps } from './submit-rating.ts';

export const CANNOT_BLOCK_YOURSELF = 'You cannot block yourself.';

export const BLOCK_DAILY_CAP = (max: number, resetsAt: string) => `You can block at most ${max} users a day; the limit resets at ${resetsAt}.`;

/**
 * POST /user-bans/ban — the Block user modal: the caller adds a wallet to their own block list (the reason must be
 * non-blank: 'Please provide a reason'). Blocking again updates the reason and answers created: false (idempotent).
 * Not a platform ban (admins ban). Either side's block stops claims both ways and hides each other's market offers.
 * At most `limits.blocksPerDay` blocks MADE per UTC day (429 beyond; a reason update is not a new block, and an
 * unblock gives no slot back: the day's counter row in user_block_days only grows), counted under a lock on the
 * caller so concurrent blocks count each other (on every replica).
 */
export async function blockUser(
  { db, now: clock, limits }: RatingDeps,
  user: AuthUser,
  { bannedWallet, reason }: BlockUserRequest,
): Promise<BlockUserResponse> {
  const caller = user.wallet;
  if (bannedWallet === caller) throw new AppError('VALIDATION_ERROR', CANNOT_BLOCK_YOURSELF);
  const checked = checkReason(reason);
  if (!checked.ok) throw new AppError('VALIDATION_ERROR', checked.error);
  const now = clock();
  const pair = and(eq(userBlocks.blockerWallet, caller), eq(userBlocks.blockedWallet, bannedWallet));
  return db.transaction(async (tx) => {
    const blocksMadeOn = async (since: Date) => {
      const [row] = await tx
        .select({ n: userBlockDays.blocks })
        .from(userBlockDays)
        .where(and(eq(userBlockDays.wallet, caller), eq(userBlockDays.day, utcDate(since))));
      return row?.n ?? 0;
    };
    const [held] = await tx.select({ blocked: userBlocks.blockedWallet }).from(userBlocks).where(pair);
    await enforceDailyCap(tx, { purpose: 'block', wallet: caller, max: held ? undefined : limits?.blocksPerDay, now }, blocksMadeOn, BLOCK_DAILY_CAP);
    const [row] = await tx
      .insert(userBlocks)
      .values({ blockerWallet: caller, blockedWallet: bannedWallet, reason: checked.value, createdAt: now })
      .onConflictDoUpdate({ target: [userBlocks.blockerWallet, userBlocks.blockedWallet], set: { reason: checked.value } })
      .returning({ created: sql<boolean>`(xmax = 0)` });
    const created = row?.created === true;
    if (created) {
      await tx
        .insert(userBlockDays)
        .values({ wallet: caller, day: utcDate(utcDay(now).start), blocks: 1 })
        .onConflictDoUpdate({ target: [userBlockDays.wallet, userBlockDays.day], set: { blocks: sql`${userBlockDays.blocks} + 1` } });
    }
    return { bannedWallet, created };
  });
}

/** '2026-11-24': the day column of a UTC day's start. */
const utcDate = (dayStart: Date): string => dayStart.toISOString().slice(0, 10);

export const NOT_BLOCKED = 'This wallet is not on your block list.';

/** GET /user-bans — the caller's block list, newest first. */
export async function listBlocks({ db }: Pick<RatingDeps, 'db'>, user: AuthUser): Promise<BlockListResponse> {
  const caller = user.wallet;
  const rows = await db
    .select({ bannedWallet: userBlocks.blockedWallet, reason: userBlocks.reason, createdAt: userBlocks.createdAt })
    .from(userBlocks)
    .where(eq(userBlocks.blockerWallet, caller))
    .orderBy(desc(userBlocks.createdAt), asc(userBlocks.blockedWallet));
  return { blocks: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

/** DELETE /user-bans/{bannedWallet} — unblock: the pair may trade again unless the other side blocked too. */
export async function unblockUser(
  { db }: Pick<RatingDeps, 'db'>,
  user: AuthUser,
  { bannedWallet }: { bannedWallet: string },
): Promise<UnblockResponse> {
  const caller = user.wallet;
  const removed = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerWallet, caller), eq(userBlocks.blockedWallet, bannedWallet)))
    .returning({ bannedWallet: userBlocks.blockedWallet });
  if (removed.length === 0) throw notFound(NOT_BLOCKED);
  return { bannedWallet, removed: true };
}
