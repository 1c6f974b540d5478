import type { Review } from '@jelly/contracts';
import type { ReviewRow } from './queries.ts';

/** The wire form of a review. */
export function reviewView(row: ReviewRow): Review {
  return {
    id: row.id,
    fromWallet: row.fromWallet,
    score: row.score,
    comment: row.comment,
    dealId: row.dealId,
    createdAt: row.createdAt.toISOString(),
  };
}
