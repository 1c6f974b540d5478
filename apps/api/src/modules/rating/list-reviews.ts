import type { ReviewsResponse } from '@jelly/contracts';
import type { Database } from '../../db/connect.ts';
import { reviewTotals, reviewsOf } from './queries.ts';
import { reviewView } from './review-view.ts';

/** GET /rating/{wallet}/reviews — the reviews a wallet received, newest first, with their count and average. */
export async function listReviews(
  db: Database,
  wallet: string,
  { skip, take }: { skip: number; take: number },
): Promise<ReviewsResponse> {
  const [rows, totals] = await Promise.all([reviewsOf(db, wallet, skip, take), reviewTotals(db, wallet)]);
  return { reviews: rows.map(reviewView), total: totals.total, averageScore: totals.average };
}
