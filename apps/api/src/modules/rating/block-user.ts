import type { BlockUserRequest, BlockUserResponse } from '@jelly/contracts';
import { checkReason } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import { userBlocks } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import type { RatingDeps } from './submit-rating.ts';

export const CANNOT_BLOCK_YOURSELF = 'You cannot block yourself.';

/**
 * POST /user-bans/ban — the Block user modal: the caller adds a wallet to their own block list (the reason must be
 * non-blank: 'Please provide a reason'). Blocking again updates the reason. Not a platform ban (admins ban).
 */
export async function blockUser(
  { db, now }: RatingDeps,
  user: AuthUser,
  { bannedWallet, reason }: BlockUserRequest,
): Promise<BlockUserResponse> {
  const caller = user.wallet;
  if (bannedWallet === caller) throw new AppError('VALIDATION_ERROR', CANNOT_BLOCK_YOURSELF);
  const checked = checkReason(reason);
  if (!checked.ok) throw new AppError('VALIDATION_ERROR', checked.error);
  const [row] = await db
    .insert(userBlocks)
    .values({ blockerWallet: caller, blockedWallet: bannedWallet, reason: checked.value, createdAt: now() })
    .onConflictDoUpdate({ target: [userBlocks.blockerWallet, userBlocks.blockedWallet], set: { reason: checked.value } })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { bannedWallet, created: row?.created === true };
}
