import { NOT_A_PARTY, isWindowParty, type WindowRefusal } from '@jelly/domain';
import type { Database } from '../../../db/connect.ts';
import { AppError, forbidden, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../auth/index.ts';
import { findWindowDeal, type WindowDealRow } from './window-queries.ts';

export const DEAL_NOT_FOUND = 'Deal not found.';

/** A refusal of the window rules as the API answers it. */
export function refusalError(refusal: WindowRefusal): AppError {
  return refusal.kind === 'forbidden' ? forbidden(refusal.message) : new AppError('CONFLICT', refusal.message);
}

/** The deal, for its parties (and, to read, the admins); 404 for an unknown deal, 403 for anyone else. */
export async function accessWindowDeal(db: Database, user: AuthUser, dealId: number, read: boolean): Promise<WindowDealRow> {
  const deal = await findWindowDeal(db, dealId);
  if (!deal) throw notFound(DEAL_NOT_FOUND);
  if (isWindowParty(deal, user.wallet) || (read && user.isAdmin)) return deal;
  throw forbidden(NOT_A_PARTY);
}
