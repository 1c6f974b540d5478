import '../../../lib/solana/testing/useNodeTypedArrays.ts';
import { KNOWN_MINTS, type SwapQuote, type SwapRecord, pageRoutes } from '@jelly/contracts';
import type { WalletContextState } from '@solana/wallet-adapter-react';
import { Keypair, PublicKey, SystemProgram, Transaction, type AccountInfo, type VersionedTransaction } from '@solana/web3.js';
import { associatedTokenAddress } from '@jelly/escrow';
import { useParams } from 'react-router';
import { vi } from 'vitest';
import { notReadyWallet } from '../../../lib/wallet/walletBridge.ts';
import { fakeApi, json, type RecordedCall } from '../../../test/fakeApi.ts';
import { renderScreens } from '../../../test/renderApp.tsx';
import SwapPage from '../pages/SwapPage.tsx';

export const USER = Keypair.generate();
export const ME = USER.publicKey.toBase58();
export const DESK = Keypair.generate().publicKey;
export const ADMIN = Keypair.generate().publicKey;
export const QUOTE = 'POST /api/swap/quote';
export const SUBMIT = 'POST /api/swap/submit';
export const HISTORY = 'GET /api/swaps';
export const TX_ID = '5'.repeat(87);
const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');

export const coinsHandler = () =>
  json(200, [
    { symbol: 'SOL', name: 'Solana', mint: KNOWN_MINTS.SOL, decimals: 9, isVerified: true, mintDevnet: null, icon: '/c/sol.svg' },
    { symbol: 'USDC', name: 'USD Coin', mint: KNOWN_MINTS.USDC, decimals: 6, isVerified: true, mintDevnet: null, icon: '/c/usdc.svg' },
    { symbol: 'USDT', name: 'Tether USD', mint: KNOWN_MINTS.USDT, decimals: 6, isVerified: true, mintDevnet: null, icon: '/c/usdt.svg' },
  ]);

/** An unsigned quote transaction as the desk builds it: fee payer the admin, the user a signer. */
function quoteTransaction(): string {
  const tx = new Transaction({ feePayer: ADMIN, blockhash: Keypair.generate().publicKey.toBase58(), lastValidBlockHeight: 120 });
  tx.add(SystemProgram.transfer({ fromPubkey: USER.publicKey, toPubkey: DESK, lamports: 1 }));
  return Buffer.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false })).toString('base64');
}

let quoteCounter = 0;
/** 25 USDT → 0.1523 SOL, firm for 30 s from now. */
export function makeQuote(overrides: Partial<SwapQuote> = {}): SwapQuote {
  quoteCounter += 1;
  const now = Date.now();
  return {
    quoteId: `00000000-0000-4000-8000-${String(quoteCounter).padStart(12, '0')}`,
    quoteToken: `q1.quote-${quoteCounter}.tag`,
    taker: ME,
    inputMint: KNOWN_MINTS.USDT,
    outputMint: KNOWN_MINTS.SOL,
    inSymbol: 'USDT',
    outSymbol: 'SOL',
    inDecimals: 6,
    outDecimals: 9,
    inAmount: '25000000',
    outAmount: '152300000',
    otherAmountThreshold: '152300000',
    swapMode: 'ExactIn',
    slippageBps: 0,
    priceImpactPct: '0.3',
    feeBps: 30,
    platformFee: { amount: '458000', feeBps: 30, feeMint: KNOWN_MINTS.SOL },
    expireAt: new Date(now + 30_000).toISOString(),
    quotedAt: new Date(now).toISOString(),
    lastValidBlockHeight: 120,
    signatureFeePayer: ADMIN.toBase58(),
    source: 'bundled',
    publishTime: new Date(now - 4_000).toISOString(),
    price: '0.006092',
    transaction: quoteTransaction(),
    createsOutputAccount: false,
    ...overrides,
  };
}

export function makeSwap(overrides: Partial<SwapRecord> = {}): SwapRecord {
  return {
    id: 7,
    txID: TX_ID,
    status: 0,
    wallet: ME,
    inputMint: KNOWN_MINTS.USDT,
    outputMint: KNOWN_MINTS.SOL,
    inSymbol: 'USDT',
    outSymbol: 'SOL',
    inDecimals: 6,
    outDecimals: 9,
    inAmount: '25000000',
    outAmount: '152300000',
    quoteId: '00000000-0000-4000-8000-000000000001',
    failureReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const refusal = (status: number, reason: string, message: string) =>
  json(status, { error: { code: status === 409 ? 'CONFLICT' : 'BAD_REQUEST', message, details: { reason } } });

export const params = (call: RecordedCall) => Object.fromEntries(new URL(call.url).searchParams);

function tokenAccount(mint: PublicKey, owner: PublicKey, amount: bigint): AccountInfo<Buffer> {
  const data = Buffer.alloc(165);
  mint.toBuffer().copy(data, 0);
  owner.toBuffer().copy(data, 32);
  data.writeBigUInt64LE(amount, 64);
  data[108] = 1;
  return { data, owner: TOKEN_PROGRAM_ID, lamports: 2_039_280, executable: false, rentEpoch: 0 };
}

/** The chain as the page reads it: the user's lamports and USDT account (no USDC account). */
export function fakeChain(options: { lamports?: bigint; usdt?: bigint } = {}) {
  const accounts = new Map<string, AccountInfo<Buffer>>();
  const usdt = new PublicKey(KNOWN_MINTS.USDT);
  accounts.set(associatedTokenAddress(usdt, USER.publicKey).toBase58(), tokenAccount(usdt, USER.publicKey, options.usdt ?? 100_000_000n));
  return {
    getBalance: vi.fn(async () => Number(options.lamports ?? 1_000_000_000n)),
    getAccountInfo: vi.fn(async (address: PublicKey) => accounts.get(address.toBase58()) ?? null),
  };
}

/** The wallet over the user's key: signTransaction really signs (and can be made to wait or refuse). */
export function userWallet(sign?: (tx: VersionedTransaction) => Promise<VersionedTransaction>): WalletContextState {
  const signTransaction = vi.fn(
    sign ??
      (async (tx: VersionedTransaction) => {
        tx.sign([USER]);
        return tx;
      }),
  );
  return { ...notReadyWallet, publicKey: USER.publicKey, connected: true, signTransaction: signTransaction as unknown as WalletContextState['signTransaction'] };
}

function ChatStub() {
  const { id } = useParams();
  return <h1>Chat {id}</h1>;
}

/** /swap with the real store, modal stack and toasts; signed in as the user unless `signedOut`. */
export function renderSwap(options: { api: ReturnType<typeof fakeApi>; signedOut?: boolean; wallet?: WalletContextState; chain?: ReturnType<typeof fakeChain> }) {
  const chain = options.chain ?? fakeChain();
  const screens = [
    { path: 'swap', element: <SwapPage onConnectWallet={() => undefined} /> },
    { path: pageRoutes.deal, element: <ChatStub /> },
  ];
  const view = renderScreens(screens, '/swap', {
    api: options.api,
    signedInAs: options.signedOut ? null : ME,
    wallet: options.signedOut ? notReadyWallet : (options.wallet ?? userWallet()),
    connection: chain,
  });
  return { ...view, chain };
}

export function swapApi(handlers: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/platform/coins': coinsHandler,
    [HISTORY]: () => json(200, { data: [], total: 0 }),
    ...handlers,
  });
}
