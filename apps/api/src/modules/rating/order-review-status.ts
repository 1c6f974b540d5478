import type { OrderReviewStatusResponse } from '@jelly/contracts';
import { isDealParty } from '@jelly/domain';
import type { Database } from '../../db/connect.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { findDeal, orderExists } from '../deals/index.ts';
import { reviewsOfDeal } from './queries.ts';
import { RATING_MESSAGES } from './submit-rating.ts';
import { reviewView } from './review-view.ts';

/**
 * GET /rating/order/{orderId}/status — who reviewed the deal: party1 = the creator, party2 = the acceptor, each with
 * the review they wrote (null until then). The web opens the success modal for a party whose review is null.
 */
export async function orderReviewStatus(db: Database, user: AuthUser, dealId: number): Promise<OrderReviewStatusResponse> {
  const deal = await findDeal(db, dealId);
  if (!deal) {
    if (await orderExists(db, dealId)) throw new AppError('VALIDATION_ERROR', RATING_MESSAGES.notADeal);
    throw notFound(RATING_MESSAGES.dealNotFound);
  }
  if (!user.isAdmin && !isDealParty(deal, user.wallet)) throw forbidden(RATING_MESSAGES.notAParty);
  const written = await reviewsOfDeal(db, dealId);
  const by = (wallet: string | null) => {
    const row = wallet ? written.find((r) => r.fromWallet === wallet) : undefined;
    return row ? reviewView(row) : null;
  };
  return {
    party1Wallet: deal.creatorWallet,
    party2Wallet: deal.acceptorWallet,
    party1Review: by(deal.creatorWallet),
    party2Review: by(deal.acceptorWallet),
  };
}
