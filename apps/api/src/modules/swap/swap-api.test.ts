// The swap API as clients meet it: access, every refusal's message, every history filter, the admin's edit and desk.
import type { DeskInventory, PlatformFigures, SwapHistoryResponse, SwapRecord } from '@jelly/contracts';
import { adminSwapRefusal, START_DATE_AFTER_END, SWAP_COMPLETED_NEEDS_TX, SWAP_MESSAGES, SWAP_REASON_LENGTH, SwapStatus, type SwapRefusalReason } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainTestApp, createChainWallet, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { PriceFeedUnavailableError } from '../prices/index.ts';
import type { PublicKey} from '@solana/web3.js';
import { SystemProgram, Transaction } from '@solana/web3.js';
import { txRecordedElsewhere } from './admin-update-swap.ts';
import { TX_DID_NOT_PAY } from './check-settling-transaction.ts';
import { DEFAULT_DESK_CONFIG } from './desk-config.ts';
import { NOT_YOUR_QUOTE } from './cosigner/quote-owner.ts';
import { SOL, USDC, USDT, balanceOf, insertSwapRow, postSubmit, quote, requestQuote, signQuote, submit, swapper, type Swapper } from './testing.ts';
import { keypairOf } from '../../chain/gate/key-vault.ts';

let t: ChainTestApp;
let alice: Swapper;
let bob: Swapper;
let admin: Session;
let aliceSwap: SwapRecord;

const adminWallet = createChainWallet();
const get = (s: Session | null, url: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, query, headers: s?.headers ?? {} });
const history = async (s: Session, query: Record<string, string> = {}, url = '/api/swaps') => {
  const response = await get(s, url, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SwapHistoryResponse>();
};

beforeAll(async () => {
  t = await createChainTestApp({
    config: {
      adminWallets: new Set([adminWallet.address]),
      // 0.1% of the desk's 500 SOL (0.5 SOL ≈ 71 USD) per swap, so the inventory limit is reachable
      swap: { ...DEFAULT_DESK_CONFIG, maxInventoryShareBps: 10, processingSweepMs: 0, quoteSweepMs: 0 },
    },
  });
  alice = await swapper(t, { sol: 100_000_000n, usdt: 200_000_000n });
  bob = await swapper(t, { sol: 100_000_000n, usdt: 10_000_000n });
  admin = await session(t.app, adminWallet);
  aliceSwap = (await submit(t, alice, await quote(t, alice, USDT, SOL, 25_000_000n))).swap;
});
afterAll(async () => {
  await t.close();
});

describe('access', () => {
  // valid bodies: a request's shape is checked before its caller
  it.each([
    ['POST', '/api/swap/quote', { inputMint: USDT, outputMint: SOL, amount: '1000000' }],
    ['POST', '/api/swap/submit', { quoteToken: 'q1.e30.x', signedTransaction: 'AAAA' }],
    ['GET', '/api/swaps', undefined],
    ['GET', '/api/swaps/1', undefined],
    ['GET', '/api/admin/swaps', undefined],
    ['PATCH', '/api/admin/swaps/1', { status: 2, reason: 'because' }],
    ['GET', '/api/admin/desk', undefined],
  ] as const)('%s %s needs a signed-in wallet (401)', async (method, url, payload) => {
    expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
  });

  it.each([
    ['GET', '/api/admin/swaps'],
    ['PATCH', '/api/admin/swaps/1'],
    ['GET', '/api/admin/desk'],
  ] as const)('%s %s is for admins (403)', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: alice.headers, payload: method === 'GET' ? undefined : { status: 2, reason: 'because' } });
    expect(response.statusCode).toBe(403);
  });

  it('a swap is visible to its owner and admins only', async () => {
    expect((await get(alice, `/api/swaps/${aliceSwap.id}`)).json<SwapRecord>()).toEqual(aliceSwap);
    expect((await get(admin, `/api/swaps/${aliceSwap.id}`)).statusCode).toBe(200);
    expect(errorOf(await get(bob, `/api/swaps/${aliceSwap.id}`)).status).toBe(403);
    expect(errorOf(await get(bob, '/api/swaps/999999'))).toMatchObject({ status: 404, message: 'Swap not found' });
    expect(errorOf(await get(bob, '/api/swaps/abc')).status).toBe(400);
  });

  it("another wallet cannot submit someone's quote", async () => {
    const q = await quote(t, alice, USDT, SOL, 2_000_000n);
    expect(errorOf(await postSubmit(t, bob, q.quoteToken, signQuote(q, alice.keypair)))).toMatchObject({ status: 403, message: NOT_YOUR_QUOTE });
  });
});

describe('quote refusals: each says what happened', () => {
  it.each([
    { name: 'a zero amount', body: { inputMint: USDT, outputMint: SOL, amount: '0' }, message: /Amount must be above 0/ },
    { name: 'a decimal amount', body: { inputMint: USDT, outputMint: SOL, amount: '1.5' }, message: /whole number of base units/ },
    { name: 'no amount', body: { inputMint: USDT, outputMint: SOL }, message: /amount/ },
    { name: 'ExactOut', body: { inputMint: USDT, outputMint: SOL, amount: '1000000', swapMode: 'ExactOut' }, message: /swapMode must be ExactIn/ },
    { name: 'one token twice', body: { inputMint: USDT, outputMint: USDT, amount: '1000000' }, message: /Choose two different tokens\./ },
    { name: 'not an address', body: { inputMint: 'x', outputMint: SOL, amount: '1000000' }, message: /Invalid wallet address/ },
  ])('$name → 400', async ({ body, message }) => {
    const error = errorOf(await requestQuote(t, alice, body));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
  });

  it('a body that is not JSON → 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/swap/quote',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{nonsense',
    });
    expect(errorOf(response).status).toBe(400);
  });

  it.each([
    { name: 'a token the desk does not trade', mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', amount: 1_000_000n, reason: 'pair_unsupported', status: 400 },
    { name: 'below the smallest swap', mint: USDT, amount: 500_000n, reason: 'below_minimum', status: 400 },
    { name: 'above the largest swap', mint: USDT, amount: 20_000_000_000n, reason: 'above_maximum', status: 400 },
    { name: 'more than the desk may pay out', mint: USDT, amount: 100_000_000n, reason: 'desk_inventory_short', status: 409 },
  ] as { name: string; mint: string; amount: bigint; reason: SwapRefusalReason; status: number; who?: () => Swapper }[])('$name → $status $reason', async (c) => {
    const who = c.who?.() ?? alice;
    const response = await requestQuote(t, who, { inputMint: c.mint, outputMint: SOL, amount: c.amount.toString() });
    expect(errorOf(response)).toMatchObject({ status: c.status, message: SWAP_MESSAGES[c.reason] });
    expect(response.json<{ error: { details: unknown } }>().error.details).toEqual({ reason: c.reason });
  });

  it('more than the wallet holds: found in simulation at submit, nothing sent, the swap recorded Failed', async () => {
    const q = await quote(t, bob, USDT, SOL, 50_000_000n); // Bob holds 10 USDT
    const response = await postSubmit(t, bob, q.quoteToken, signQuote(q, bob.keypair));
    expect(errorOf(response)).toMatchObject({ status: 409, message: SWAP_MESSAGES.insufficient_balance });
    expect(await balanceOf(t, bob.key, USDT)).toBe(10_000_000n);
    const failed = (await history(bob, { Status: '2' })).data.find((s) => s.quoteId === q.quoteId);
    expect(failed).toMatchObject({ status: 2, failureReason: SWAP_MESSAGES.insufficient_balance });
  });

  it('a new token account the wallet cannot pay the rent of (no SOL): insufficient balance, and the admin paid nothing', async () => {
    const carol = await swapper(t, { usdt: 10_000_000n });
    const adminBefore = await balanceOf(t, t.chain.admin.publicKey, SOL);
    const q = await quote(t, carol, USDT, USDC, 5_000_000n);
    expect(q.createsOutputAccount).toBe(true);
    const response = await postSubmit(t, carol, q.quoteToken, signQuote(q, carol.keypair));
    expect(errorOf(response)).toMatchObject({ status: 409, message: SWAP_MESSAGES.insufficient_balance });
    expect(await balanceOf(t, carol.key, USDT)).toBe(10_000_000n);
    expect(await balanceOf(t, t.chain.admin.publicKey, SOL)).toBe(adminBefore);
  });

  it('a stale or missing price → 503 with its reason', async () => {
    const feed = t.app.priceFeed;
    const original = feed.cryptoUsd;
    try {
      feed.cryptoUsd = async () => {
        throw new PriceFeedUnavailableError('The Pyth SOL/USD price is stale');
      };
      expect(errorOf(await requestQuote(t, alice, { inputMint: USDT, outputMint: SOL, amount: '2000000' }))).toMatchObject({ status: 503, message: SWAP_MESSAGES.price_stale });
      feed.cryptoUsd = async () => null;
      expect(errorOf(await requestQuote(t, alice, { inputMint: USDT, outputMint: SOL, amount: '2000000' }))).toMatchObject({ status: 503, message: SWAP_MESSAGES.price_unavailable });
    } finally {
      feed.cryptoUsd = original;
    }
  });

  it('quotes are limited per minute and address (429)', async () => {
    const from = (ip: string) => t.app.inject({ method: 'POST', url: '/api/swap/quote', headers: alice.headers, payload: {}, remoteAddress: ip });
    for (let i = 0; i < DEFAULT_DESK_CONFIG.quotesPerMinute; i++) expect((await from('192.0.2.7')).statusCode).toBe(400);
    expect(errorOf(await from('192.0.2.7'))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await from('192.0.2.8')).statusCode).toBe(400);
  });
});

describe('history filters', () => {
  let ids: Record<string, number>;
  let dave: Swapper; // a wallet with only these three swaps
  beforeAll(async () => {
    dave = await swapper(t, { sol: 1_000_000n });
    const w = dave.wallet.address;
    ids = {
      solProcessing: await insertSwapRow(t, { wallet: w, inSymbol: 'USDT', outSymbol: 'SOL', status: 0, createdAt: new Date('2026-01-10T12:00:00Z'), txId: 'tx1AAAprocessing' }),
      usdcCompleted: await insertSwapRow(t, { wallet: w, inSymbol: 'USDC', outSymbol: 'USDT', status: 1, createdAt: new Date('2026-01-15T23:59:59Z'), txId: 'tx2BBBcompleted' }),
      solFailed: await insertSwapRow(t, { wallet: w, inSymbol: 'SOL', outSymbol: 'USDC', status: 2, createdAt: new Date('2026-01-16T00:00:00Z'), txId: 'tx3CCCfailed' }),
    };
  });
  const idsOf = (r: SwapHistoryResponse) => r.data.map((s) => s.id);

  it('lists only the caller’s swaps, newest first, with the total', async () => {
    const all = await history(dave);
    expect(idsOf(all)).toEqual([ids.solFailed, ids.usdcCompleted, ids.solProcessing]);
    expect(all.total).toBe(3);
    expect(idsOf(await history(dave, { Asset: 'All', Status: '', From: '', To: '', SearchWallet: '' }))).toHaveLength(3);
  });

  it.each([
    { q: { Asset: 'SOL' }, want: ['solFailed', 'solProcessing'] },
    { q: { Asset: 'USDC' }, want: ['solFailed', 'usdcCompleted'] },
    { q: { Asset: 'USDT' }, want: ['usdcCompleted', 'solProcessing'] },
    { q: { Status: '0' }, want: ['solProcessing'] },
    { q: { Status: '1' }, want: ['usdcCompleted'] },
    { q: { Status: '2' }, want: ['solFailed'] },
    { q: { From: '2026-01-15' }, want: ['solFailed', 'usdcCompleted'] },
    { q: { To: '2026-01-15' }, want: ['usdcCompleted', 'solProcessing'] },
    { q: { From: '2026-01-15', To: '2026-01-15' }, want: ['usdcCompleted'] },
    { q: { From: '2026-01-16T00:00:00Z', To: '2026-01-16T00:00:00Z' }, want: ['solFailed'] },
    { q: { SearchWallet: 'BBB' }, want: ['usdcCompleted'] },
    { q: { Asset: 'SOL', Status: '2', From: '2026-01-01', To: '2026-01-31' }, want: ['solFailed'] },
    { q: { Size: '1', Page: '2' }, want: ['usdcCompleted'] },
  ] as { q: Record<string, string>; want: string[] }[])('$q', async ({ q, want }) => {
    const result = await history(dave, q);
    expect(idsOf(result)).toEqual(want.map((name) => ids[name]));
    if (!('Page' in q)) expect(result.total).toBe(want.length);
    else expect(result.total).toBe(3);
  });

  it.each([
    { q: { From: '2026-01-16', To: '2026-01-15' }, message: START_DATE_AFTER_END },
    { q: { Size: '51' }, message: /Size must be 1 to 50/ },
    { q: { Size: '0' }, message: /Size must be 1 to 50/ },
    { q: { Page: '0' }, message: /Page must be 1 or more/ },
    { q: { Status: '3' }, message: /Status must be 0/ },
    { q: { Asset: 'BTC' }, message: /Asset must be All, SOL, USDC or USDT/ },
    { q: { From: '2026-02-30' }, message: /Must be a real date/ },
    { q: { To: 'yesterday' }, message: /Must be a date/ },
  ] as { q: Record<string, string>; message: string | RegExp }[])('$q → 400', async ({ q, message }) => {
    const error = errorOf(await get(dave, '/api/swaps', q));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
  });

  it('the admin list holds every wallet, with the same filters', async () => {
    expect((await history(admin, {}, '/api/admin/swaps')).total).toBeGreaterThanOrEqual(4);
    const alices = await history(admin, { SearchWallet: alice.wallet.address }, '/api/admin/swaps');
    expect(alices.data.every((s) => s.wallet === alice.wallet.address)).toBe(true);
    expect(idsOf(await history(admin, { Status: '2', SearchWallet: dave.wallet.address }, '/api/admin/swaps'))).toEqual([ids.solFailed]);
  });
});

/** A plain SOL transfer from the desk, the admin paying the fee (what an operator does to settle by hand). */
async function deskPaysByHand(to: PublicKey, lamports: bigint): Promise<string> {
  const desk = t.app.desk ? keypairOf(t.app.desk.key) : undefined;
  if (!desk) throw new Error('no desk');
  const { blockhash } = await t.chain.connection.getLatestBlockhash('confirmed');
  const tx = new Transaction({ feePayer: t.chain.admin.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: desk.publicKey, toPubkey: to, lamports }),
  );
  tx.sign(t.chain.adminKeypair, desk);
  const signature = await t.chain.connection.sendRawTransaction(tx.serialize());
  await t.chain.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight: Number.MAX_SAFE_INTEGER }, 'confirmed');
  return signature;
}

describe('admin edits and the desk', () => {
  const patch = (id: number, body: unknown) => t.app.inject({ method: 'PATCH', url: `/api/admin/swaps/${id}`, headers: admin.headers, payload: body as object });

  it('needs a 3–500 character reason, and a txID the chain shows paid the user to mark Completed', async () => {
    const id = await insertSwapRow(t, { wallet: alice.wallet.address, inSymbol: 'USDT', outSymbol: 'SOL', status: 0, createdAt: new Date(), outAmount: aliceSwap.outAmount });
    expect(errorOf(await patch(id, { status: 2, reason: 'no' }))).toMatchObject({ status: 400, message: expect.stringContaining(SWAP_REASON_LENGTH) });
    expect(errorOf(await patch(id, { status: 1, reason: 'settled by hand' }))).toMatchObject({ status: 400, message: SWAP_COMPLETED_NEEDS_TX });
    // a transaction that is another swap's record
    expect(errorOf(await patch(id, { status: 1, txID: aliceSwap.txID, reason: 'settled by hand' }))).toMatchObject({ status: 409, message: txRecordedElsewhere(aliceSwap.id) });
    // the desk pays Alice by hand: a real transaction that paid her the quoted SOL — but not Bob
    const byHand = await deskPaysByHand(alice.key, BigInt(aliceSwap.outAmount));
    const other = await insertSwapRow(t, { wallet: bob.wallet.address, inSymbol: 'USDT', outSymbol: 'SOL', status: 0, createdAt: new Date() });
    expect(errorOf(await patch(other, { status: 1, txID: byHand, reason: 'settled by hand' }))).toMatchObject({ status: 400, message: TX_DID_NOT_PAY });
    const done = await patch(id, { status: 1, txID: byHand, reason: 'the desk paid by hand' });
    expect(done.json<SwapRecord>()).toMatchObject({ id, status: 1, txID: byHand, failureReason: null });
    const failed = await patch(other, { status: 2, reason: 'the user cancelled by phone' });
    expect(failed.json<SwapRecord>()).toMatchObject({ status: 2, failureReason: 'the user cancelled by phone' });
    // only the admin moves of the swap state table, and nothing is recorded for a refused one
    const { Processing, Completed, Failed } = SwapStatus;
    expect(errorOf(await patch(id, { status: 2, reason: 'changed my mind' }))).toMatchObject({ status: 409, message: adminSwapRefusal(Completed, Failed) });
    expect(errorOf(await patch(other, { status: 0, reason: 'try it again' }))).toMatchObject({ status: 409, message: adminSwapRefusal(Failed, Processing) });
    const { adminAuditLog } = await import('../../db/schema/index.ts');
    const rows = await t.app.db.select().from(adminAuditLog);
    const acts = rows.filter((r) => r.action === 'swap_edited').map(({ actor, subject, before, after, txSignature, reason }) => ({ actor, subject, before, after, txSignature, reason }));
    expect(acts).toEqual([
      { actor: admin.wallet.address, subject: `swap:${id}`, reason: 'the desk paid by hand', before: { status: 0, txID: null }, after: { status: 1, txID: byHand }, txSignature: byHand },
      { actor: admin.wallet.address, subject: `swap:${other}`, reason: 'the user cancelled by phone', before: { status: 0, txID: null }, after: { status: 2, txID: null }, txSignature: null },
    ]);
    expect((await get(bob, '/api/Notification')).body).toContain('Swap failed');
  });

  it("the desk's inventory is read from chain and its P&L counts completed swaps", async () => {
    const desk = (await get(admin, '/api/admin/desk')).json<DeskInventory>();
    const deskKey = t.app.desk?.key.publicKey;
    if (!deskKey) throw new Error('no desk');
    for (const b of desk.balances) expect(b.amount).toBe((await balanceOf(t, deskKey, b.mint)).toString());
    const completed = (await history(admin, { Status: '1' }, '/api/admin/swaps')).data;
    expect(desk.pnl.completedSwaps).toBe(completed.length);
    const net = (symbol: string) =>
      completed.reduce((sum, s) => sum + (s.inSymbol === symbol ? BigInt(s.inAmount) : 0n) - (s.outSymbol === symbol ? BigInt(s.outAmount) : 0n), 0n);
    expect(desk.pnl.perToken.map((p) => [p.symbol, p.net])).toEqual([
      ['SOL', net('SOL').toString()],
      ['USDC', net('USDC').toString()],
      ['USDT', net('USDT').toString()],
    ]);
    expect(desk.pnl.adminFeesLamports).toBe('15000'); // the one swap that landed through the co-signer
    expect(desk.settings).toMatchObject({ spreadBps: 30, maxInventoryShareBps: 10 });
    expect(USDC).toBeDefined();
  });

  it("the admin Platform figures show the desk's treasury balances, read from chain", async () => {
    const response = await get(admin, '/api/admin/platform');
    expect(response.statusCode, response.body).toBe(200);
    const deskKey = t.app.desk?.key.publicKey;
    if (!deskKey) throw new Error('no desk');
    expect(response.json<PlatformFigures>().desk).toEqual({
      address: deskKey.toBase58(),
      lamports: (await balanceOf(t, deskKey, SOL)).toString(),
      tokens: [
        { symbol: 'USDC', mint: USDC, decimals: 6, amount: (await balanceOf(t, deskKey, USDC)).toString() },
        { symbol: 'USDT', mint: USDT, decimals: 6, amount: (await balanceOf(t, deskKey, USDT)).toString() },
      ],
    });
  });
});
