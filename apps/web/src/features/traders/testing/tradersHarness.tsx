import type { Review, ReviewsResponse, TradingStats } from '@jelly/contracts';
import type { ReactNode } from 'react';
import { json, WALLET_A, WALLET_B, type fakeApi } from '../../../test/fakeApi.ts';
import { renderScreens } from '../../../test/renderApp.tsx';

/** A third wallet: the reviewers. */
export const WALLET_C = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

/** Trading stats as the API answers them: WALLET_A with 12 trades and a 4.5 average. */
export function makeStats(overrides: Partial<TradingStats> = {}): TradingStats {
  return {
    wallet: WALLET_A,
    completedDeals: 12,
    finishedDeals: 13,
    cancelledDeals: 1,
    completionRate: 92.3,
    openDeals: 1,
    buyDeals: 5,
    sellDeals: 7,
    volume: [],
    avgReleaseSeconds: 420,
    activeOffers: 2,
    accountCreatedAt: '2026-01-10T09:00:00.000Z',
    completedDeals30d: 4,
    completionRate30d: 80,
    avgPaymentSeconds: 185,
    positiveFeedbackPercent: 87.5,
    reviewsCount: 8,
    ratingAverage: 4.5,
    firstTradeAt: '2026-02-03T12:00:00.000Z',
    ...overrides,
  };
}

export function makeReview(n: number, overrides: Partial<Review> = {}): Review {
  return {
    id: `r${n}`,
    fromWallet: WALLET_C,
    score: 5,
    comment: `Review number ${n}`,
    dealId: 100 + n,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /rating/{wallet}/reviews answered from `total` generated reviews by skip and take. */
export function reviewsHandler(total: number, calls: { skip: number; take: number }[] = []) {
  return (call: { url: string }) => {
    const params = new URL(call.url).searchParams;
    const skip = Number(params.get('skip'));
    const take = Number(params.get('take'));
    calls.push({ skip, take });
    const reviews = Array.from({ length: Math.max(0, Math.min(take, total - skip)) }, (_, i) => makeReview(skip + i + 1));
    const body: ReviewsResponse = { reviews, total, averageScore: total > 0 ? 5 : null };
    return json(200, body);
  };
}

export interface HarnessOptions {
  api?: ReturnType<typeof fakeApi>;
  /** Signed in as this wallet (a stored token), or signed out. */
  signedInAs?: string | null;
  at: string;
  /** Extra routes next to the screen (e.g. the market, to see a block refetch it). */
  routes?: { path: string; element: ReactNode }[];
}

/** Renders a screen at `at` with the real store, the modal stack and toasts, like the app. */
export function renderTraders(ui: ReactNode, options: HarnessOptions) {
  const screens = [{ path: 'trader/:wallet', element: ui }, { path: 'screen', element: ui }, ...(options.routes ?? [])];
  return renderScreens(screens, options.at, { api: options.api, signedInAs: options.signedInAs });
}

export { WALLET_A, WALLET_B };
