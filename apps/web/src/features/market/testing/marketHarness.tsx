import type { MarketOffer } from '@jelly/contracts';
import type { WalletContextState } from '@solana/wallet-adapter-react';
import type { Connection } from '@solana/web3.js';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { json, WALLET_A, WALLET_B, type fakeApi } from '../../../test/fakeApi.ts';
import { renderScreens } from '../../../test/renderApp.tsx';
import { pageRoutes } from '@jelly/contracts';

export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** A market row as the API answers it: a Sell offer of 100 USDC at 0.95 EUR by WALLET_A. */
export function makeOffer(overrides: Partial<MarketOffer> = {}): MarketOffer {
  return {
    orderId: 7,
    parentOrderId: null,
    creatorWallet: WALLET_A,
    acceptorWallet: null,
    tokenMint: USDC_MINT,
    tokenName: 'USDC',
    tokenDecimal: 6,
    amount: '100000000',
    filledQuantity: '0',
    totalAmount: '100000000',
    price: '0.95',
    priceType: 'fixed',
    premiumPercent: null,
    minFiatAmount: '10',
    maxFiatAmount: '80',
    fiatCode: 'EUR',
    fiatAmountCents: null,
    offerSide: 0,
    status: 0,
    paymentMethods: [
      { id: 'sepa', name: 'SEPA' },
      { id: 'revolut', name: 'Revolut' },
    ],
    paymentWindowMinutes: 30,
    visibleInCountries: [],
    autoReply: '',
    orderDescription: 'Fast release, SEPA Instant only please.',
    tags: [],
    minAccountAgeDays: 0,
    dealStartTime: null,
    paymentDeadline: null,
    ticketId: 1,
    lockedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    creatorStats: { trades: 12, completedTrades: 11, completionRate: 91.7 },
    ...overrides,
  };
}

export const marketPage = (offers: MarketOffer[], extra: Partial<{ total: number; page: number; size: number; totalIsCapped: boolean }> = {}) => {
  const total = extra.total ?? offers.length;
  return json(200, { data: offers, total, totalCount: total, totalIsCapped: extra.totalIsCapped ?? false, page: extra.page ?? 1, size: extra.size ?? 10 });
};

export const EUR_PRICE = { fiatCode: 'EUR', cryptoSymbol: 'USDC', cryptoPriceUsd: '1.0001', fiatToUsdRate: '0.92', source: 'bundled', asOf: '2026-11-01T00:00:00Z' };

export interface HarnessOptions {
  api?: ReturnType<typeof fakeApi>;
  /** Signed in as this wallet (a stored token), or signed out. */
  signedInAs?: string | null;
  wallet?: WalletContextState;
  connection?: Partial<Connection> | null;
  /** Where to start: /buy-crypto (default) or /online-ads/{id}; both render `ui`. */
  at?: string;
}

function DealStub() {
  const { id } = useParams();
  return <h1>Deal {id}</h1>;
}

/** Renders a screen at /buy-crypto (or `at`) with the real store, the modal stack, toasts, and /swap-chat/:id. */
export function renderMarket(ui: ReactNode, options: HarnessOptions = {}) {
  const screens = [
    { path: 'buy-crypto', element: ui },
    { path: 'online-ads/:id', element: ui },
    { path: pageRoutes.deal, element: <DealStub /> },
  ];
  const { api, signedInAs, wallet, connection } = options;
  return renderScreens(screens, options.at ?? '/buy-crypto', { api, signedInAs, wallet, connection });
}

export { WALLET_A, WALLET_B };
