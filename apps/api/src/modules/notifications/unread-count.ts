import type { UnreadCountResponse } from '@jelly/contracts';
import type { Database } from '../../db/connect.ts';
import type { AuthUser } from '../auth/index.ts';
import { countUnreadOf } from './queries.ts';

export async function unreadCount(db: Database, user: AuthUser): Promise<UnreadCountResponse> {
  return { count: await countUnreadOf(db, user.wallet) };
}
