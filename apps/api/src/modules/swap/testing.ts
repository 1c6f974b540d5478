/** Swap test helpers: a funded, signed-in wallet, quotes, the wallet's signature, submit, and readers of balances. */
import type { SwapQuote, SwapSubmitResponse } from '@jelly/contracts';
import { KNOWN_MINTS } from '@jelly/contracts';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ChainTestApp, ChainWallet } from '../../../test/helpers/test-chain.ts';
import { createChainWallet } from '../../../test/helpers/test-chain.ts';
import { session, type Session } from '../orders/testing.ts';

export { SWAP_NEVER_LANDED } from './sync-swap-from-chain.ts';

export const SOL = KNOWN_MINTS.SOL;
export const USDC = KNOWN_MINTS.USDC;
export const USDT = KNOWN_MINTS.USDT;

export interface Swapper extends Session {
  wallet: ChainWallet;
  keypair: Keypair;
  key: PublicKey;
}

/** A wallet with the given lamports / USDC / USDT on the localnet, signed in. */
export async function swapper(t: ChainTestApp, funds: { sol?: bigint; usdc?: bigint; usdt?: bigint }): Promise<Swapper> {
  const wallet = createChainWallet();
  await t.chain.localnet.faucet(wallet.keypair.publicKey, { sol: funds.sol ?? 0n, usdc: funds.usdc ?? 0n, usdt: funds.usdt ?? 0n });
  const s = await session(t.app, wallet);
  return { ...s, wallet, keypair: wallet.keypair, key: wallet.keypair.publicKey };
}

export function requestQuote(t: ChainTestApp, s: Session | null, body: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/swap/quote', headers: s?.headers ?? {}, payload: body as object });
}

export async function quote(t: ChainTestApp, s: Swapper, inputMint: string, outputMint: string, amount: bigint): Promise<SwapQuote> {
  const response = await requestQuote(t, s, { inputMint, outputMint, amount: amount.toString() });
  if (response.statusCode !== 200) throw new Error(`quote failed: ${response.statusCode} ${response.body}`);
  return response.json<SwapQuote>();
}

/** The quote's transaction signed by the wallet (what signTransaction returns), base64. */
export function signQuote(q: SwapQuote, keypair: Keypair): string {
  const tx = VersionedTransaction.deserialize(Buffer.from(q.transaction, 'base64'));
  tx.sign([keypair]);
  return Buffer.from(tx.serialize()).toString('base64');
}

export function postSubmit(t: ChainTestApp, s: Session, quoteToken: string, signedTransaction: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/swap/submit', headers: s.headers, payload: { quoteToken, signedTransaction } });
}

export async function submit(t: ChainTestApp, s: Swapper, q: SwapQuote): Promise<SwapSubmitResponse> {
  const response = await postSubmit(t, s, q.quoteToken, signQuote(q, s.keypair));
  if (response.statusCode !== 200) throw new Error(`submit failed: ${response.statusCode} ${response.body}`);
  return response.json<SwapSubmitResponse>();
}

/** Lamports of a wallet, or base units of its associated token account (0 without one). */
export async function balanceOf(t: ChainTestApp, owner: PublicKey, mint: string): Promise<bigint> {
  if (mint === SOL) return BigInt(await t.chain.connection.getBalance(owner, 'confirmed'));
  const address = getAssociatedTokenAddressSync(new PublicKey(mint), owner, true);
  const account = await t.chain.connection.getAccountInfo(address, 'confirmed');
  if (!account) return 0n;
  return Buffer.from(account.data).readBigUInt64LE(64);
}

/** Every balance that matters to a swap: the wallet's, the desk's and the admin's, in SOL, USDC and USDT. */
export async function snapshot(t: ChainTestApp, owners: Record<string, PublicKey>): Promise<Record<string, bigint>> {
  const result: Record<string, bigint> = {};
  for (const [name, owner] of Object.entries(owners)) {
    for (const [symbol, mint] of Object.entries({ SOL, USDC, USDT })) result[`${name}.${symbol}`] = await balanceOf(t, owner, mint);
  }
  return result;
}

/** A quote written straight to the database (no message to sign: it can only be read, referred to, or swept). */
export async function insertQuoteRow(
  t: { app: FastifyInstance },
  row: { wallet: string; inSymbol?: 'SOL' | 'USDC' | 'USDT'; outSymbol?: 'SOL' | 'USDC' | 'USDT'; createdAt: Date; expireAt?: Date; inAmount?: string; outAmount?: string },
): Promise<{ id: string; recentBlockhash: string; common: QuoteTerms }> {
  const { swapQuotes } = await import('../../db/schema/index.ts');
  const inSymbol = row.inSymbol ?? 'USDC';
  const outSymbol = row.outSymbol ?? 'SOL';
  const mint = { SOL, USDC, USDT };
  const decimals = { SOL: 9, USDC: 6, USDT: 6 };
  const id = crypto.randomUUID();
  // a well-formed blockhash no block ever had: dead from the start
  const recentBlockhash = Keypair.generate().publicKey.toBase58();
  const common: QuoteTerms = {
    wallet: row.wallet,
    inputMint: mint[inSymbol],
    outputMint: mint[outSymbol],
    inSymbol,
    outSymbol,
    inDecimals: decimals[inSymbol],
    outDecimals: decimals[outSymbol],
    inAmount: row.inAmount ?? '1000000',
    outAmount: row.outAmount ?? '1000000',
  };
  await t.app.db.insert(swapQuotes).values({
    id,
    ...common,
    midOutAmount: common.outAmount,
    feeBps: 30,
    source: 'bundled',
    publishTime: row.createdAt,
    message: '',
    recentBlockhash,
    lastValidBlockHeight: 0,
    expireAt: row.expireAt ?? row.createdAt,
    createdAt: row.createdAt,
  });
  return { id, recentBlockhash, common };
}

interface QuoteTerms {
  wallet: string;
  inputMint: string;
  outputMint: string;
  inSymbol: string;
  outSymbol: string;
  inDecimals: number;
  outDecimals: number;
  inAmount: string;
  outAmount: string;
}

/** A swap record written straight to the database (history tests need statuses and dates the chain cannot give). */
export async function insertSwapRow(
  t: { app: FastifyInstance },
  row: { wallet: string; inSymbol: 'SOL' | 'USDC' | 'USDT'; outSymbol: 'SOL' | 'USDC' | 'USDT'; status: 0 | 1 | 2; createdAt: Date; txId?: string | null; inAmount?: string; outAmount?: string },
): Promise<number> {
  const { swaps } = await import('../../db/schema/index.ts');
  const { id, recentBlockhash, common } = await insertQuoteRow(t, row);
  const [inserted] = await t.app.db
    .insert(swaps)
    .values({ quoteId: id, ...common, txId: row.txId ?? null, status: row.status, recentBlockhash, createdAt: row.createdAt, updatedAt: row.createdAt })
    .returning({ id: swaps.id });
  return (inserted as { id: number }).id;
}
