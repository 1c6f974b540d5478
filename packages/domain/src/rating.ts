/** Ratings, reviews, reports and blocks. */
import { OrderStatus } from './order-status.ts';
import { PROVIDE_A_REASON } from './messages.ts';
import { type Check, fail, pass } from './result.ts';

export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** The star widget starts at 0 (nothing chosen); 0 cannot be submitted. */
export const INITIAL_RATING = 0;

export function isValidRating(score: unknown): score is number {
  return typeof score === 'number' && Number.isInteger(score) && score >= MIN_RATING && score <= MAX_RATING;
}

export function checkRating(score: unknown): Check<number> {
  return isValidRating(score) ? pass(score) : fail('Rating must be 1 to 5 stars');
}

/** Report comment and block reason must be non-blank ('Please provide a reason'). */
export function checkReason(text: string | null | undefined): Check<string> {
  const reason = (text ?? '').trim();
  return reason ? pass(reason) : fail(PROVIDE_A_REASON);
}

/** A report is sent as a rating with score 0 and dealId null. */
export function reportPayload(toWallet: string, comment: string): {
  toWallet: string;
  score: 0;
  comment: string;
  dealId: null;
} {
  return { toWallet, score: 0, comment: comment.trim(), dealId: null };
}

export type StarFill = 'full' | 'half' | 'empty';

/** Five stars for an average score, with halves: 3.5 → full,full,full,half,empty (rounded to the nearest half). */
export function starFills(score: number): StarFill[] {
  const halves = Math.round(Math.min(Math.max(score, 0), MAX_RATING) * 2);
  return Array.from({ length: MAX_RATING }, (_, i): StarFill => {
    const left = halves - i * 2;
    return left >= 2 ? 'full' : left === 1 ? 'half' : 'empty';
  });
}

/** GET /rating/order/{orderId}/status */
export interface OrderReviewStatus {
  readonly party1Wallet: string | null;
  readonly party2Wallet: string | null;
  readonly party1Review: unknown;
  readonly party2Review: unknown;
}

/** The success/rating modal opens when the order is Completed and this user is a party who has not reviewed. */
export function shouldPromptReview(orderStatus: number, review: OrderReviewStatus, wallet: string | null | undefined): boolean {
  if (orderStatus !== OrderStatus.Completed || !wallet) return false;
  if (wallet === review.party1Wallet) return review.party1Review == null;
  if (wallet === review.party2Wallet) return review.party2Review == null;
  return false;
}
