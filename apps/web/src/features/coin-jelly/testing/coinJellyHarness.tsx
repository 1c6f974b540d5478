import type { JellyCoin, JellyListItem, JellyOrder, JellyQuote } from '@jelly/contracts';
import { json, WALLET_A, WALLET_B, type fakeApi, type RecordedCall } from '../../../test/fakeApi.ts';
import { renderScreens } from '../../../test/renderApp.tsx';
import AdminCoinJellyPage from '../pages/AdminCoinJellyPage.tsx';
import CoinJellyOrderPage from '../pages/CoinJellyOrderPage.tsx';
import CoinJellyPage from '../pages/CoinJellyPage.tsx';

export const ME = WALLET_A;
export const RECIPIENT = WALLET_B;
export const DEPOSIT = 'DepoSit1111111111111111111111111111111111111';
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

export const params = (call: RecordedCall) => Object.fromEntries(new URL(call.url).searchParams);

export function coin(currency: JellyCoin['currency'], chain: JellyCoin['chain'], overrides: Partial<JellyCoin> = {}): JellyCoin {
  const decimals = { SOL: 9, USDC: 6, USDT: 6, BTC: 8, ETH: 18 }[currency];
  return {
    currency,
    chain,
    name: `${currency} coin`,
    decimals,
    mint: currency === 'USDC' ? USDC_MINT : null,
    iconSrc: `/icons/${currency}.svg`,
    automatic: chain === 'Solana',
    ...overrides,
  };
}

export const SOLANA_COINS = [coin('SOL', 'Solana'), coin('USDC', 'Solana'), coin('USDT', 'Solana'), coin('BTC', 'Bitcoin'), coin('ETH', 'Ethereum')];

export function makeQuote(overrides: Partial<JellyQuote> = {}): JellyQuote {
  return {
    sendCoin: 'USDC',
    sendChain: 'Solana',
    receiveCoin: 'SOL',
    receiveChain: 'Solana',
    amountUserSend: '100',
    amountUserWannaGet: '0.625',
    rate: '0.00625',
    maxReceive: '50',
    minSend: '1',
    maxSend: '10000',
    expireAt: '2026-11-25T15:00:00.000Z',
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<JellyOrder> = {}): JellyOrder {
  return {
    id: 7,
    txID: null,
    status: 0,
    stage: 'awaiting_deposit',
    reason: null,
    userWallet: ME,
    cryptoCurrencyFromUser: 'USDC',
    sendChain: 'Solana',
    newUserCrypto: 'SOL',
    newUserCryptoChain: 'Solana',
    companyWallet: DEPOSIT,
    newUserWallets: [RECIPIENT],
    refundAddress: ME,
    amountUserSend: '100',
    amountUserWannaGet: '0.625',
    rate: '0.00625',
    received: '0',
    paymentUri: `solana:${DEPOSIT}?amount=100&spl-token=${USDC_MINT}`,
    userConfirmedSent: false,
    pendingChoice: null,
    automatic: true,
    expireAt: '2026-11-25T15:00:00.000Z',
    createdAt: '2026-11-25T14:45:00.000Z',
    updatedAt: '2026-11-25T14:45:00.000Z',
    events: [],
    ...overrides,
  };
}

export function listItem(overrides: Partial<JellyOrder> = {}): JellyListItem {
  const { events: _events, ...item } = makeOrder(overrides);
  return item;
}

export const listPage = (data: JellyListItem[], total = data.length) => json(200, { data, total });

/** Coin Jelly's screens with the real store, the modal stack and toasts; signed in as ME (an admin if asked). */
export function renderCoinJelly(path: string, api: ReturnType<typeof fakeApi>, options: { admin?: boolean; signedOut?: boolean } = {}) {
  const screens = [
    { path: 'coin-jelly', element: <CoinJellyPage /> },
    { path: 'coin-jelly/:id', element: <CoinJellyOrderPage /> },
    { path: 'admin/coin-jelly', element: <AdminCoinJellyPage /> },
  ];
  return renderScreens(screens, path, { api, signedInAs: options.signedOut ? null : ME, isAdmin: options.admin ?? false });
}
