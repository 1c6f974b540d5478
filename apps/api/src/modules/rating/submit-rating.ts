import { randomUUID } from 'node:crypto';
import type { RatingResponse } from '@jelly/contracts';
import { OrderStatus, checkRating, counterpartyWallet, isDealParty } from '@jelly/domain';
import type { Database } from '../../db/connect.ts';
import { reviews } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { findDeal, orderExists } from '../deals/index.ts';
import { notifyReviewReceived } from '../notifications/index.ts';
import type { RatingLimitsConfig } from './rating-config.ts';
import { submitReport } from './submit-report.ts';

export const RATING_MESSAGES = {
  reviewNeedsDeal: 'A review needs the deal it is about (dealId); a report is score 0 without a deal.',
  reportHasNoDeal: 'A report (score 0) is not about a deal: send dealId null.',
  notYourself: 'You cannot rate or report yourself.',
  notCompleted: 'Only completed deals can be reviewed.',
  notCounterparty: 'A review is about the other party of the deal.',
  alreadyReviewed: 'You have already reviewed this deal.',
  notADeal: 'Only deals can be reviewed, not offers.',
  dealNotFound: 'Order not found',
  notAParty: 'Only the two parties of this deal can review it.',
} as const;

const bad = (message: string) => new AppError('VALIDATION_ERROR', message);

/** What rating a user needs: the database, the clock and the daily caps on reports and blocks (absent = none). */
export interface RatingDeps {
  db: Database;
  now: () => Date;
  limits?: RatingLimitsConfig | undefined;
}

export interface RatingInput {
  toWallet: string;
  score: number;
  comment: string;
  dealId: number | null;
}

/**
 * POST /rating. score 0 with dealId null is a user report (submit-report.ts: a non-blank reason, one per wallet pair in
 * 24 hours); score 1–5 with a dealId is a review: only by a party of that Completed deal, about the counterparty,
 * once per party.
 */
export async function submitRating({ db, now: clock, limits }: RatingDeps, user: AuthUser, input: RatingInput): Promise<RatingResponse> {
  const caller = user.wallet;
  const now = clock();
  if (input.toWallet === caller) throw bad(RATING_MESSAGES.notYourself);

  if (input.score === 0) {
    if (input.dealId !== null) throw bad(RATING_MESSAGES.reportHasNoDeal);
    return submitReport(db, caller, input.toWallet, input.comment, now, limits?.reportsPerDay);
  }

  const rating = checkRating(input.score);
  if (!rating.ok) throw bad(rating.error);
  if (input.dealId === null) throw bad(RATING_MESSAGES.reviewNeedsDeal);
  const deal = await findDeal(db, input.dealId);
  if (!deal) {
    if (await orderExists(db, input.dealId)) throw bad(RATING_MESSAGES.notADeal);
    throw notFound(RATING_MESSAGES.dealNotFound);
  }
  if (!isDealParty(deal, caller)) throw forbidden(RATING_MESSAGES.notAParty);
  if (deal.status !== OrderStatus.Completed) throw conflict(RATING_MESSAGES.notCompleted);
  if (counterpartyWallet(deal, caller) !== input.toWallet) throw bad(RATING_MESSAGES.notCounterparty);

  const id = randomUUID();
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(reviews)
      .values({ id, dealId: deal.orderId, fromWallet: caller, toWallet: input.toWallet, score: rating.value, comment: input.comment.trim(), createdAt: now })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    // Notifications: the reviewed party hears about it in this same transaction.
    if (rows.length > 0) {
      await notifyReviewReceived(tx, { dealId: deal.orderId, fromWallet: caller, toWallet: input.toWallet, score: rating.value, comment: input.comment, now });
    }
    return rows;
  });
  if (inserted.length === 0) throw conflict(RATING_MESSAGES.alreadyReviewed);
  return { id, kind: 'review' };
}
