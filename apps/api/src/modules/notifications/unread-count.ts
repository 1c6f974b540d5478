import type { UnreadCountResponse } from '@jelly/contracts';
import type { Database } from '../../db/connect.ts';
import { countUnreadOf } from './queries.ts';

export async function unreadCount(db: Database, wallet: string): Promise<UnreadCountResponse> {
  return { count: await countUnreadOf(db, wallet) };
}
