import {
  blockUserResponse,
  orderPaths,
  ratingPaths,
  ratingResponse,
  reviewsResponse,
  tradingStatsResponse,
  type BlockUserRequest,
  type BlockUserResponse,
  type RatingResponse,
  type ReviewsResponse,
  type TradingStats,
} from '@jelly/contracts';
import { REVIEWS_PAGE_SIZE } from '@jelly/domain';
import { api } from '../../../lib/api/api.ts';
import { BLOCK_LIST_TAG, MARKET_OFFERS_TAG } from '../../../lib/api/sharedTags.ts';

export interface ReportArgs {
  toWallet: string;
  comment: string;
}

/** The number of reviews after the pages loaded so far: the next page's `skip`, or undefined once all are in. */
export function nextReviewsSkip(lastPage: ReviewsResponse, allPages: ReviewsResponse[]): number | undefined {
  const loaded = allPages.reduce((count, page) => count + page.reviews.length, 0);
  return lastPage.reviews.length > 0 && loaded < lastPage.total ? loaded : undefined;
}

/** Trader profiles: public stats and reviews, and the signed-in user's report and block of a trader. */
export const tradersApi = api.enhanceEndpoints({ addTagTypes: ['TraderStats', MARKET_OFFERS_TAG, BLOCK_LIST_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /platform/trading-stats/{wallet} (public). */
    traderStats: build.query<TradingStats, string>({
      query: (wallet) => orderPaths.tradingStats(wallet),
      responseSchema: tradingStatsResponse,
      providesTags: (_result, _error, wallet) => [{ type: 'TraderStats', id: wallet }],
    }),
    /** GET /rating/{wallet}/reviews?skip&take=20 (public), newest first, one page per scroll. */
    traderReviews: build.infiniteQuery<ReviewsResponse, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, allPages) => nextReviewsSkip(lastPage, allPages),
      },
      query: ({ queryArg, pageParam }) => ({ url: ratingPaths.reviews(queryArg), params: { skip: pageParam, take: REVIEWS_PAGE_SIZE } }),
      responseSchema: reviewsResponse,
    }),
    /** POST /rating as a report: score 0 and no deal; the admins read it, it never counts as a review. */
    reportUser: build.mutation<RatingResponse, ReportArgs>({
      query: ({ toWallet, comment }) => ({ url: ratingPaths.rating, method: 'POST', body: { toWallet, score: 0, comment, dealId: null } }),
      responseSchema: ratingResponse,
    }),
    /** POST /user-bans/ban: the blocked trader's offers leave the market, and the block list changes. */
    blockUser: build.mutation<BlockUserResponse, BlockUserRequest>({
      query: (body) => ({ url: ratingPaths.block, method: 'POST', body }),
      responseSchema: blockUserResponse,
      invalidatesTags: [MARKET_OFFERS_TAG, BLOCK_LIST_TAG],
    }),
  }),
});

export const { useTraderStatsQuery, useTraderReviewsInfiniteQuery, useReportUserMutation, useBlockUserMutation } = tradersApi;
