import { blockListResponse, ratingPaths, unblockResponse, type BlockListResponse, type UnblockResponse } from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';
import { BLOCK_LIST_TAG, MARKET_OFFERS_TAG } from '../../../lib/api/sharedTags.ts';

/** Settings: the signed-in user's block list and unblocking. */
export const settingsApi = api.enhanceEndpoints({ addTagTypes: [BLOCK_LIST_TAG, MARKET_OFFERS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /user-bans (bearer), newest first. */
    blockList: build.query<BlockListResponse, void>({
      query: () => ratingPaths.blocks,
      responseSchema: blockListResponse,
      providesTags: [BLOCK_LIST_TAG],
    }),
    /** DELETE /user-bans/{wallet}: the trader's offers come back to the market. */
    unblockUser: build.mutation<UnblockResponse, string>({
      query: (wallet) => ({ url: ratingPaths.unblock(wallet), method: 'DELETE' }),
      responseSchema: unblockResponse,
      invalidatesTags: [BLOCK_LIST_TAG, MARKET_OFFERS_TAG],
    }),
  }),
});

export const { useBlockListQuery, useUnblockUserMutation } = settingsApi;
