import type { BlockListResponse, BlockUserResponse, UnblockResponse } from '@jelly/contracts';
import { checkReason } from '@jelly/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { userBlocks } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';

export const CANNOT_BLOCK_YOURSELF = 'You cannot block yourself.';

/**
 * POST /user-bans/ban — the Block user modal: the caller adds a wallet to their own block list (the reason must be
 * non-blank: 'Please provide a reason'). Blocking again updates the reason and answers created: false (idempotent).
 * Not a platform ban (admins ban). Either side's block stops claims both ways and hides each other's market offers.
 */
export async function blockUser(db: Database, caller: string, bannedWallet: string, reason: string, now: Date): Promise<BlockUserResponse> {
  if (bannedWallet === caller) throw new AppError('VALIDATION_ERROR', CANNOT_BLOCK_YOURSELF);
  const checked = checkReason(reason);
  if (!checked.ok) throw new AppError('VALIDATION_ERROR', checked.error);
  const [row] = await db
    .insert(userBlocks)
    .values({ blockerWallet: caller, blockedWallet: bannedWallet, reason: checked.value, createdAt: now })
    .onConflictDoUpdate({ target: [userBlocks.blockerWallet, userBlocks.blockedWallet], set: { reason: checked.value } })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { bannedWallet, created: row?.created === true };
}

export const NOT_BLOCKED = 'This wallet is not on your block list.';

/** GET /user-bans — the caller's block list, newest first. */
export async function listBlocks(db: Database, caller: string): Promise<BlockListResponse> {
  const rows = await db
    .select({ bannedWallet: userBlocks.blockedWallet, reason: userBlocks.reason, createdAt: userBlocks.createdAt })
    .from(userBlocks)
    .where(eq(userBlocks.blockerWallet, caller))
    .orderBy(desc(userBlocks.createdAt), asc(userBlocks.blockedWallet));
  return { blocks: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

/** DELETE /user-bans/{bannedWallet} — unblock: the pair may trade again unless the other side blocked too. */
export async function unblockUser(db: Database, caller: string, bannedWallet: string): Promise<UnblockResponse> {
  const removed = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerWallet, caller), eq(userBlocks.blockedWallet, bannedWallet)))
    .returning({ bannedWallet: userBlocks.blockedWallet });
  if (removed.length === 0) throw notFound(NOT_BLOCKED);
  return { bannedWallet, removed: true };
}
