/**
 * Cache tags that one feature's mutation invalidates for another feature's query. Features do not import each
 * other, so the names they share live here.
 * - MarketOffers: the market listing; a block hides the blocked trader's offers from it, so blocking and
 *   unblocking refetch it.
 * - BlockList: the signed-in user's block list (GET /user-bans).
 */
export const MARKET_OFFERS_TAG = 'MarketOffers';
export const BLOCK_LIST_TAG = 'BlockList';
