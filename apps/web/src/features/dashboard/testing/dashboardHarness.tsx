import type { TradingStats, UserOffersResponse, UserOrderRow } from '@jelly/contracts';
import { useParams } from 'react-router';
import { json, WALLET_A, WALLET_B, type fakeApi, type RecordedCall } from '../../../test/fakeApi.ts';
import { renderScreens } from '../../../test/renderApp.tsx';
import DashboardPage from '../pages/DashboardPage.tsx';
import { pageRoutes } from '@jelly/contracts';

export const ME = WALLET_A;
export const OTHER = WALLET_B;
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const SOL_MINT = 'So11111111111111111111111111111111111111112';
export const LIST = `GET /api/platform/all-user-offers/${ME}`;
export const STATS = `GET /api/platform/trading-stats/${ME}`;

export const params = (call: RecordedCall) => Object.fromEntries(new URL(call.url).searchParams);

/** A deal of 40 USDC at 0.92 EUR where ME buys from OTHER. */
export function makeDeal(overrides: Partial<UserOrderRow> = {}): UserOrderRow {
  return {
    orderId: 12,
    parentOrderId: 3,
    creatorWallet: OTHER,
    acceptorWallet: ME,
    tokenMint: USDC_MINT,
    tokenName: 'USDC',
    tokenDecimal: 6,
    amount: '40000000',
    filledQuantity: '0',
    totalAmount: '40000000',
    price: '0.92',
    priceType: 'fixed',
    premiumPercent: null,
    minFiatAmount: '10',
    maxFiatAmount: '80',
    fiatCode: 'EUR',
    fiatAmountCents: '3680',
    offerSide: 0,
    status: 1,
    paymentMethods: [{ id: 'sepa', name: 'SEPA' }],
    paymentWindowMinutes: 30,
    visibleInCountries: [],
    autoReply: '',
    orderDescription: '',
    tags: [],
    minAccountAgeDays: 0,
    dealStartTime: '2026-11-20T10:00:00.000Z',
    paymentDeadline: null,
    ticketId: 12,
    lockedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    kind: 'deal',
    role: 'buyer',
    counterpartyWallet: OTHER,
    offerStatus: null,
    dealsCount: null,
    ...overrides,
  };
}

/** One of ME's offers: Sell 100 USDC, 25 of it claimed in 2 deals. */
export function makeOffer(overrides: Partial<UserOrderRow> = {}): UserOrderRow {
  return makeDeal({
    orderId: 3,
    parentOrderId: null,
    creatorWallet: ME,
    acceptorWallet: null,
    amount: '75000000',
    filledQuantity: '25000000',
    totalAmount: '100000000',
    fiatAmountCents: null,
    status: 0,
    dealStartTime: null,
    ticketId: 1,
    kind: 'offer',
    role: 'seller',
    counterpartyWallet: null,
    offerStatus: 'active',
    dealsCount: 2,
    ...overrides,
  });
}

export const listPage = (orders: UserOrderRow[], extra: Partial<UserOffersResponse> = {}) =>
  json(200, { orders, fiatCodes: ['EUR', 'USD'], tokenNames: ['SOL', 'USDC'], total: orders.length, totalCount: orders.length, page: 1, size: 8, ...extra });

export function makeStats(overrides: Partial<TradingStats> = {}): TradingStats {
  return {
    wallet: ME,
    completedDeals: 14,
    finishedDeals: 16,
    cancelledDeals: 2,
    completionRate: 87.5,
    openDeals: 1,
    buyDeals: 9,
    sellDeals: 5,
    volume: [
      { tokenMint: USDC_MINT, tokenName: 'USDC', tokenDecimal: 6, amount: '1234567890123' },
      { tokenMint: SOL_MINT, tokenName: 'SOL', tokenDecimal: 9, amount: '1000000001' },
    ],
    avgReleaseSeconds: 390,
    activeOffers: 1,
    accountCreatedAt: '2025-03-14T00:00:00.000Z',
    completedDeals30d: 4,
    completionRate30d: 80,
    avgPaymentSeconds: 125,
    positiveFeedbackPercent: 92.3,
    reviewsCount: 13,
    ratingAverage: 4.6,
    firstTradeAt: '2025-04-02T12:00:00.000Z',
    ...overrides,
  };
}

/** The list handler: answers by the Kind / StatusGroup of each call. */
export function listHandler(answer: (query: Record<string, string>) => Response | Promise<Response>) {
  return (call: RecordedCall) => answer(params(call));
}

export const coinsHandler = () =>
  json(200, [
    { symbol: 'SOL', name: 'Solana', mint: SOL_MINT, decimals: 9, isVerified: true, mintDevnet: null, icon: '/c/sol.svg' },
    { symbol: 'USDC', name: 'USD Coin', mint: USDC_MINT, decimals: 6, isVerified: true, mintDevnet: null, icon: '/c/usdc.svg' },
  ]);

function TraderStub() {
  const { wallet } = useParams();
  return <h1>Trader {wallet}</h1>;
}
function DealStub() {
  const { id } = useParams();
  return <h1>Deal {id}</h1>;
}

/** /my-account with the real store, the modal stack and toasts; signed in as ME unless `signedOut`. */
export function renderDashboard(options: { api: ReturnType<typeof fakeApi>; signedOut?: boolean; onConnectWallet?: () => void }) {
  const screens = [
    { path: 'my-account', element: <DashboardPage onConnectWallet={options.onConnectWallet} /> },
    { path: 'trader/:wallet', element: <TraderStub /> },
    { path: pageRoutes.deal, element: <DealStub /> },
  ];
  return renderScreens(screens, '/my-account', { api: options.api, signedInAs: options.signedOut ? null : ME });
}
