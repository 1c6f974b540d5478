// Test-only: a deal, two real keypairs, a chain reader over in-memory accounts and the page rendered on the real
// store with the real modal stack and toasts. The network (API) is the fake fetch of src/test/fakeApi.
import '../../../lib/solana/testing/useNodeTypedArrays.ts';
import type { OrderDetails } from '@jelly/contracts';
import { ACCOUNT_DISCRIMINATORS, associatedTokenAddress, findConfigPda } from '@jelly/escrow';
import { OfferSide, OrderStatus } from '@jelly/domain';
import type { WalletContextState } from '@solana/wallet-adapter-react';
import { Keypair, PublicKey, type AccountInfo, type Connection, type Transaction } from '@solana/web3.js';
import { vi } from 'vitest';
import { notReadyWallet } from '../../../lib/wallet/walletBridge.ts';
import { fakeApi, json } from '../../../test/fakeApi.ts';
import { renderScreens } from '../../../test/renderApp.tsx';
import { DealChatPage, type DealChatPageProps } from '../pages/DealChatPage.tsx';
import { pagePaths, pageRoutes } from '@jelly/contracts';

export const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
export const PROGRAM_ID = Keypair.generate().publicKey;
export const ADMIN = Keypair.generate();
export const TREASURY = Keypair.generate().publicKey;
export const MINT = Keypair.generate().publicKey;
export const SELLER = Keypair.generate();
export const BUYER = Keypair.generate();
export const DEAL_ID = 7;
export const OFFER_ID = 3;

const now = new Date('2026-11-21T10:00:00.000Z').toISOString();

/** A Sell offer of 100 USDC at 0.92 EUR, and its deal of 40 USDC claimed by BUYER. */
export function sellDeal(overrides: Partial<OrderDetails> = {}): OrderDetails {
  const base = {
    parentOrderId: null,
    creatorWallet: SELLER.publicKey.toBase58(),
    acceptorWallet: null,
    tokenMint: MINT.toBase58(),
    tokenName: 'USDC',
    tokenDecimal: 6,
    price: '0.92',
    priceType: 'fixed' as const,
    premiumPercent: null,
    minFiatAmount: '10',
    maxFiatAmount: '500',
    fiatCode: 'EUR',
    offerSide: OfferSide.Sell,
    paymentMethods: [{ id: 'sepa', name: 'SEPA' }],
    paymentWindowMinutes: 30,
    visibleInCountries: [],
    autoReply: '',
    orderDescription: '',
    tags: [],
    minAccountAgeDays: 0,
    lockedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const offer = {
    ...base,
    orderId: OFFER_ID,
    amount: '60000000',
    filledQuantity: '0',
    totalAmount: '100000000',
    fiatAmountCents: null,
    status: OrderStatus.Active,
    dealStartTime: null,
    paymentDeadline: null,
    ticketId: 1,
  };
  return {
    ...base,
    orderId: DEAL_ID,
    parentOrderId: OFFER_ID,
    acceptorWallet: BUYER.publicKey.toBase58(),
    amount: '40000000',
    filledQuantity: '0',
    totalAmount: '40000000',
    fiatAmountCents: '3680',
    status: OrderStatus.InProgress,
    dealStartTime: now,
    paymentDeadline: new Date(Date.now() + 30 * 60_000).toISOString(),
    ticketId: DEAL_ID,
    parentOffer: offer,
    ...overrides,
  };
}

/** A wallet adapter state over a real keypair: signTransaction signs for real. */
export function keypairWallet(keypair: Keypair, overrides: Partial<WalletContextState> = {}): WalletContextState {
  return {
    ...notReadyWallet,
    publicKey: keypair.publicKey,
    connected: true,
    signTransaction: vi.fn(async <T,>(tx: T) => {
      (tx as Transaction).partialSign(keypair);
      return tx;
    }) as WalletContextState['signTransaction'],
    ...overrides,
  };
}

export function tokenAccount(owner: PublicKey, amount: bigint): AccountInfo<Buffer> {
  const data = Buffer.alloc(165);
  MINT.toBuffer().copy(data, 0);
  owner.toBuffer().copy(data, 32);
  data.writeBigUInt64LE(amount, 64);
  data[108] = 1;
  return { data, owner: TOKEN_PROGRAM_ID, lamports: 2_039_280, executable: false, rentEpoch: 0 };
}

export function configAccount(): AccountInfo<Buffer> {
  const data = Buffer.alloc(83);
  Buffer.from(ACCOUNT_DISCRIMINATORS.Config).copy(data, 0);
  ADMIN.publicKey.toBuffer().copy(data, 8);
  TREASURY.toBuffer().copy(data, 40);
  data.writeUInt16LE(25, 80);
  return { data, owner: PROGRAM_ID, lamports: 1, executable: false, rentEpoch: 0 };
}

/** The chain as the page reads it: SOL balances, token accounts and the escrow config. */
export function fakeChain(options: { lamports?: number; tokens?: Map<string, bigint> } = {}) {
  const accounts = new Map<string, AccountInfo<Buffer>>([[findConfigPda(PROGRAM_ID)[0].toBase58(), configAccount()]]);
  for (const [owner, amount] of options.tokens ?? []) {
    accounts.set(associatedTokenAddress(MINT, new PublicKey(owner)).toBase58(), tokenAccount(new PublicKey(owner), amount));
  }
  const blockhash = Keypair.generate().publicKey.toBase58();
  return {
    accounts,
    connection: {
      getLatestBlockhash: vi.fn(async () => ({ blockhash, lastValidBlockHeight: 99 })),
      getBalance: vi.fn(async () => options.lamports ?? 5_000_000),
      getAccountInfo: vi.fn(async (address: PublicKey) => accounts.get(address.toBase58()) ?? null),
    },
  };
}

export interface RenderDealOptions {
  deal: OrderDetails;
  viewer: Keypair | null;
  wallet?: WalletContextState;
  chain?: ReturnType<typeof fakeChain>;
  api?: ReturnType<typeof fakeApi>;
  pageProps?: Partial<DealChatPageProps>;
}

/** Renders /swap-chat/{DEAL_ID} signed in as `viewer`, with GET /orders/{id} answering the current deal. */
export function renderDeal(options: RenderDealOptions) {
  const api = options.api ?? fakeApi();
  let current = options.deal;
  api.on(`GET /api/orders/${current.orderId}`, () => json(200, current));
  api.on('GET /api/rating/' + (options.deal.acceptorWallet ?? '') + '/summary', () =>
    json(200, { disputes: 12, accountCreatedAt: '2025-03-14T00:00:00.000Z', disputesOpened: 0, reviewsCount: 3, completedDeals: 12 }),
  );
  api.on(`GET /api/rating/${options.deal.creatorWallet}/summary`, () =>
    json(200, { disputes: 5, accountCreatedAt: '2024-01-02T00:00:00.000Z', disputesOpened: 0, reviewsCount: 1, completedDeals: 5 }),
  );
  const chain = options.chain ?? fakeChain();
  const wallet = options.wallet ?? (options.viewer ? keypairWallet(options.viewer) : notReadyWallet);
  const viewerWallet = options.viewer?.publicKey.toBase58() ?? null;
  const screens = [
    {
      path: pageRoutes.deal,
      element: (
        <DealChatPage
          viewer={{ wallet: viewerWallet, signedIn: viewerWallet !== null, isAdmin: false }}
          escrow={{ programId: PROGRAM_ID.toBase58(), feePayer: ADMIN.publicKey.toBase58() }}
          {...options.pageProps}
        />
      ),
    },
    { path: pageRoutes.myAccount, element: <p>Dashboard page</p> },
  ];
  const { router, store, ...view } = renderScreens(screens, pagePaths.deal(options.deal.orderId), {
    api,
    signedInAs: viewerWallet,
    wallet,
    connection: chain.connection as unknown as Connection,
  });
  return {
    ...view,
    api,
    store,
    chain,
    wallet,
    router,
    /** What the next GET /orders/{id} answers (the server's view after an action). */
    setDeal(next: OrderDetails) {
      current = next;
    },
  };
}
