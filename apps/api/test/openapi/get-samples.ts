import type { Session } from '../../src/modules/orders/testing.ts';
import type { Trader } from '../helpers/deal-fixtures.ts';

/** One real request of a GET route and the status it must answer. */
export interface Sample {
  url: string;
  headers?: Record<string, string>;
  status: number;
}

/** The data the samples point at, seeded through the real API and localnet. */
export interface Seeded {
  admin: Session;
  maker: Trader;
  taker: Trader;
  offerId: number;
  /** Locked in escrow by the maker (the seller). */
  dealId: number;
  /** Claimed by the taker, not locked. */
  openDealId: number;
  /** A file the taker posted to the locked deal's chat. */
  attachmentUrl: string;
}

const MISSING_ORDER = 999_999;
const NOT_A_WALLET = 'not-a-wallet';

/**
 * A sample request for every GET route of the document, successes and errors. The OpenAPI test fails for a
 * documented GET route that has no entry here: a new route gets its samples when it is added.
 */
export const GET_SAMPLES: Record<string, (s: Seeded) => Sample[]> = {
  '/api/health': () => [{ url: '/api/health', status: 200 }],
  '/api/health/live': () => [{ url: '/api/health/live', status: 200 }],
  '/api/payments': () => [
    { url: '/api/payments?type=0', status: 200 },
    { url: '/api/payments?type=1', status: 200 },
    { url: '/api/payments?type=7', status: 400 },
    { url: '/api/payments', status: 400 },
  ],
  '/api/platform/coins': () => [{ url: '/api/platform/coins', status: 200 }],
  '/api/platform/countries': () => [{ url: '/api/platform/countries', status: 200 }],
  '/api/platform/config': () => [{ url: '/api/platform/config', status: 200 }],
  '/api/platform/escrow-proof': () => [{ url: '/api/platform/escrow-proof', status: 200 }],
  '/api/platform/price-validation': () => [
    { url: '/api/platform/price-validation?fiatCode=EUR&cryptoSymbol=USDC', status: 200 },
    { url: '/api/platform/price-validation?fiatCode=EUR', status: 400 },
  ],
  '/api/auth/nonce': ({ maker }) => [
    { url: `/api/auth/nonce?wallet=${maker.wallet.address}`, status: 200 },
    { url: `/api/auth/nonce?wallet=${NOT_A_WALLET}`, status: 400 },
  ],
  '/api/auth/me': ({ maker }) => [
    { url: '/api/auth/me', headers: maker.headers, status: 200 },
    { url: '/api/auth/me', status: 401 },
  ],
  '/api/Notification': ({ maker }) => [
    { url: '/api/Notification?Page=1&Size=5', headers: maker.headers, status: 200 },
    { url: '/api/Notification', status: 401 },
  ],
  '/api/Notification/unread-count': ({ maker }) => [
    { url: '/api/Notification/unread-count', headers: maker.headers, status: 200 },
    { url: '/api/Notification/unread-count', status: 401 },
  ],
  '/api/platform/telegram-code': ({ maker }) => [
    { url: `/api/platform/telegram-code?wallet=${maker.wallet.address}`, headers: maker.headers, status: 503 },
    { url: `/api/platform/telegram-code?wallet=${maker.wallet.address}`, status: 401 },
  ],
  '/api/platform/has-telegram/{wallet}': ({ maker }) => [
    { url: `/api/platform/has-telegram/${maker.wallet.address}`, headers: maker.headers, status: 200 },
    { url: `/api/platform/has-telegram/${maker.wallet.address}`, status: 401 },
  ],
  '/api/orders/{orderId}': ({ maker, taker, dealId, offerId }) => [
    { url: `/api/orders/${dealId}`, headers: taker.headers, status: 200 },
    { url: `/api/orders/${offerId}`, headers: maker.headers, status: 200 },
    { url: `/api/orders/${MISSING_ORDER}`, headers: maker.headers, status: 404 },
    { url: '/api/orders/abc', headers: maker.headers, status: 400 },
  ],
  '/api/orders/{orderId}/payment-details': ({ taker, dealId, openDealId }) => [
    { url: `/api/orders/${dealId}/payment-details`, headers: taker.headers, status: 200 },
    { url: `/api/orders/${openDealId}/payment-details`, headers: taker.headers, status: 409 },
    { url: `/api/orders/${dealId}/payment-details`, status: 401 },
  ],
  '/api/platform/all-user-offers/{walletAddress}': ({ maker }) => [
    { url: `/api/platform/all-user-offers/${maker.wallet.address}`, headers: maker.headers, status: 200 },
    { url: `/api/platform/all-user-offers/${maker.wallet.address}?Kind=deals&Page=1&Size=5`, headers: maker.headers, status: 200 },
    { url: `/api/platform/all-user-offers/${maker.wallet.address}?Kind=offers`, headers: maker.headers, status: 200 },
    { url: `/api/platform/all-user-offers/${maker.wallet.address}?Kind=1`, headers: maker.headers, status: 400 },
  ],
  '/api/platform/trading-stats/{walletAddress}': ({ maker }) => [
    { url: `/api/platform/trading-stats/${maker.wallet.address}`, status: 200 },
    { url: `/api/platform/trading-stats/${NOT_A_WALLET}`, status: 400 },
  ],
  '/api/platform/all-new-offers': ({ taker }) => [
    { url: '/api/platform/all-new-offers?Side=0&SortBy=1&Dir=0', headers: taker.headers, status: 200 },
    { url: '/api/platform/all-new-offers?Side=3', headers: taker.headers, status: 400 },
    { url: '/api/platform/all-new-offers', status: 401 },
  ],
  '/api/platform/all-new-offers-unath': () => [
    { url: '/api/platform/all-new-offers-unath?Page=1&Size=10', status: 200 },
    { url: '/api/platform/all-new-offers-unath?SortBy=9', status: 400 },
  ],
  '/api/platform/offer-unath/{orderId}': ({ offerId, dealId }) => [
    { url: `/api/platform/offer-unath/${offerId}`, status: 200 },
    { url: `/api/platform/offer-unath/${dealId}`, status: 404 },
    { url: `/api/platform/offer-unath/${MISSING_ORDER}`, status: 404 },
    { url: '/api/platform/offer-unath/abc', status: 400 },
  ],
  '/api/chat/rooms/{orderId}/messages': ({ taker, maker, dealId }) => [
    { url: `/api/chat/rooms/${dealId}/messages`, headers: taker.headers, status: 200 },
    { url: `/api/chat/rooms/${MISSING_ORDER}/messages`, headers: maker.headers, status: 404 },
  ],
  '/api/attachments/download/attachments/{key}': ({ taker, maker, attachmentUrl }) => [
    { url: attachmentUrl, headers: maker.headers, status: 200 },
    { url: '/api/attachments/download/attachments/missing-key', headers: taker.headers, status: 404 },
    { url: '/api/attachments/download/attachments/missing-key', status: 401 },
  ],
  '/api/deals/{orderId}/window': ({ taker, dealId }) => [
    { url: `/api/deals/${dealId}/window`, headers: taker.headers, status: 200 },
    { url: `/api/deals/${MISSING_ORDER}/window`, headers: taker.headers, status: 404 },
  ],
  '/api/admin/orders/{orderId}': ({ admin, taker, dealId }) => [
    { url: `/api/admin/orders/${dealId}`, headers: admin.headers, status: 200 },
    { url: `/api/admin/orders/${dealId}`, headers: taker.headers, status: 403 },
  ],
  '/api/admin/fee-payer': ({ admin, taker }) => [
    { url: '/api/admin/fee-payer', headers: admin.headers, status: 200 },
    { url: '/api/admin/fee-payer', headers: taker.headers, status: 403 },
  ],
  '/api/rating/{wallet}/reviews': ({ maker }) => [
    { url: `/api/rating/${maker.wallet.address}/reviews?skip=0&take=5`, status: 200 },
    { url: `/api/rating/${NOT_A_WALLET}/reviews`, status: 400 },
  ],
  '/api/rating/{wallet}/summary': ({ maker }) => [{ url: `/api/rating/${maker.wallet.address}/summary`, status: 200 }],
  '/api/rating/order/{orderId}/status': ({ taker, dealId }) => [
    { url: `/api/rating/order/${dealId}/status`, headers: taker.headers, status: 200 },
    { url: `/api/rating/order/${MISSING_ORDER}/status`, headers: taker.headers, status: 404 },
  ],
  '/api/user-bans': ({ maker }) => [
    { url: '/api/user-bans', headers: maker.headers, status: 200 },
    { url: '/api/user-bans', status: 401 },
  ],
  // Swaps and their chat: none is seeded, so the answers are empty lists and 404s.
  '/api/swaps': ({ maker }) => [
    { url: '/api/swaps?Page=1&Size=5', headers: maker.headers, status: 200 },
    { url: '/api/swaps?Size=51', headers: maker.headers, status: 400 },
    { url: '/api/swaps', status: 401 },
  ],
  '/api/swaps/{id}': ({ maker }) => [
    { url: `/api/swaps/${MISSING_ORDER}`, headers: maker.headers, status: 404 },
    { url: `/api/swaps/${MISSING_ORDER}`, status: 401 },
  ],
  '/api/chat/swaps/{swapId}/messages': ({ maker }) => [
    { url: `/api/chat/swaps/${MISSING_ORDER}/messages`, headers: maker.headers, status: 404 },
    { url: `/api/chat/swaps/${MISSING_ORDER}/messages`, status: 401 },
  ],
  '/api/admin/swaps': ({ admin, taker }) => [
    { url: '/api/admin/swaps', headers: admin.headers, status: 200 },
    { url: '/api/admin/swaps', headers: taker.headers, status: 403 },
  ],
  '/api/admin/desk': ({ admin, taker }) => [
    { url: '/api/admin/desk', headers: admin.headers, status: 200 },
    { url: '/api/admin/desk', headers: taker.headers, status: 403 },
  ],
  '/api/coin-jelly/coins': () => [{ url: '/api/coin-jelly/coins', status: 200 }],
  '/api/coin-jelly/quote': () => [
    { url: '/api/coin-jelly/quote?sendCoin=SOL&sendChain=Solana&receiveCoin=USDC&receiveChain=Solana&amountUserSend=0.1', status: 200 },
    { url: '/api/coin-jelly/quote?sendCoin=SOL&sendChain=Solana&receiveCoin=USDC&receiveChain=Solana', status: 400 },
  ],
  '/api/coin-jelly/orders/{id}': ({ maker }) => [
    { url: `/api/coin-jelly/orders/${MISSING_ORDER}`, headers: maker.headers, status: 404 },
    { url: `/api/coin-jelly/orders/${MISSING_ORDER}`, status: 401 },
  ],
  '/api/coin-jelly/user-orders': ({ maker }) => [
    { url: '/api/coin-jelly/user-orders', headers: maker.headers, status: 200 },
    { url: '/api/coin-jelly/user-orders', status: 401 },
  ],
  '/api/coin-jelly/jelly-history': ({ admin, taker }) => [
    { url: '/api/coin-jelly/jelly-history', headers: admin.headers, status: 200 },
    { url: '/api/coin-jelly/jelly-history', headers: taker.headers, status: 403 },
  ],
  '/api/admin/coin-jelly/queue': ({ admin, taker }) => [
    { url: '/api/admin/coin-jelly/queue', headers: admin.headers, status: 200 },
    { url: '/api/admin/coin-jelly/queue', headers: taker.headers, status: 403 },
  ],
  // The back office: the locked deal is in no dispute.
  '/api/admin/disputes': ({ admin, taker }) => [
    { url: '/api/admin/disputes', headers: admin.headers, status: 200 },
    { url: '/api/admin/disputes', headers: taker.headers, status: 403 },
  ],
  '/api/admin/disputes/{orderId}': ({ admin }) => [
    { url: `/api/admin/disputes/${MISSING_ORDER}`, headers: admin.headers, status: 404 },
  ],
  '/api/admin/disputes/{orderId}/payment-details': ({ admin, maker, dealId }) => [
    // The sample deal is not under dispute: refused.
    { url: `/api/admin/disputes/${dealId}/payment-details`, headers: admin.headers, status: 403 },
    { url: `/api/admin/disputes/${MISSING_ORDER}/payment-details`, headers: admin.headers, status: 404 },
    { url: `/api/admin/disputes/${dealId}/payment-details`, headers: maker.headers, status: 403 },
  ],
  '/api/admin/users/{wallet}': ({ admin, maker }) => [
    { url: `/api/admin/users/${maker.wallet.address}`, headers: admin.headers, status: 200 },
    { url: `/api/admin/users/${NOT_A_WALLET}`, headers: admin.headers, status: 400 },
  ],
  '/api/admin/tokens': ({ admin, taker }) => [
    { url: '/api/admin/tokens', headers: admin.headers, status: 200 },
    { url: '/api/admin/tokens', headers: taker.headers, status: 403 },
  ],
  '/api/admin/tokens/inspect': ({ admin }) => [
    { url: '/api/admin/tokens/inspect?mint=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', headers: admin.headers, status: 200 },
    { url: `/api/admin/tokens/inspect?mint=${NOT_A_WALLET}`, headers: admin.headers, status: 400 },
  ],
  '/api/admin/audit': ({ admin }) => [
    { url: '/api/admin/audit', headers: admin.headers, status: 200 },
    { url: '/api/admin/audit?from=yesterday', headers: admin.headers, status: 400 },
  ],
  '/api/admin/platform': ({ admin, taker }) => [
    { url: '/api/admin/platform', headers: admin.headers, status: 200 },
    { url: '/api/admin/platform', headers: taker.headers, status: 403 },
  ],
  '/api/admin/overdue': ({ admin, taker }) => [
    { url: '/api/admin/overdue', headers: admin.headers, status: 200 },
    { url: '/api/admin/overdue', headers: taker.headers, status: 403 },
    { url: '/api/admin/overdue', status: 401 },
  ],
};
