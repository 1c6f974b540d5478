import type { DealWindow } from '@jelly/contracts';
import type { Database } from '../../../db/connect.ts';
import type { AuthUser } from '../../auth/index.ts';
import { accessWindowDeal } from './window-access.ts';
import { listExtensions, toDealWindow } from './window-queries.ts';

/** GET /deals/{orderId}/window: the deadline and every request for more time (the parties and the admins). */
export async function getDealWindow(db: Database, user: AuthUser, dealId: number): Promise<DealWindow> {
  const deal = await accessWindowDeal(db, user, dealId, true);
  return toDealWindow(deal, await listExtensions(db, dealId));
}
