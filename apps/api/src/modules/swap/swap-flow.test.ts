// A whole swap on a real localnet: quote, the wallet's signature, the desk's co-signature, the chain, the record.
import type { SwapRecord } from '@jelly/contracts';
import { ALREADY_SENT_REQUEST } from '@jelly/domain';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealtimeTestClient } from '../../realtime/testing/realtime-client.ts';
import { createChainTestApp, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { eq } from 'drizzle-orm';
import { TOKEN_ACCOUNT_RENT_LAMPORTS } from './quote-swap.ts';
import { settleProcessingSwaps, STALE_PROCESSING_MS } from './settle-processing-swaps.ts';
import { SWAP_NEVER_LANDED } from './sync-swap-from-chain.ts';
import { SOL, USDC, USDT, insertSwapRow, quote, snapshot, submit, swapper, type Swapper } from './testing.ts';

let t: ChainTestApp;
let alice: Swapper;

const desk = () => {
  if (!t.app.desk) throw new Error('no desk');
  return t.app.desk.key.publicKey;
};
const admin = () => t.chain.admin.publicKey;

async function feeOf(signature: string): Promise<bigint> {
  const tx = await t.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  if (!tx?.meta) throw new Error('transaction not found');
  return BigInt(tx.meta.fee);
}

beforeAll(async () => {
  t = await createChainTestApp();
  alice = await swapper(t, { sol: 10_000_000n, usdt: 100_000_000n });
  // Alice linked a Telegram chat: swap results reach it through the outbox
  const { telegramLinks } = await import('../../db/schema/index.ts');
  await t.app.db.insert(telegramLinks).values({ chatId: 4242, wallet: alice.wallet.address, linkedAt: new Date() });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

describe('a swap on the localnet', () => {
  it('25 USDT → SOL: exactly the quoted amounts move, the user pays no SOL, the admin pays only the network fee', async () => {
    const socket = await RealtimeTestClient.connect(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, { token: alice.token });
    const q = await quote(t, alice, USDT, SOL, 25_000_000n);
    // bundled prices USDT 1.000115, SOL 143.16027451, spread 30 bps, rounded down
    expect(q).toMatchObject({ inAmount: '25000000', outAmount: '174125583', otherAmountThreshold: '174125583', slippageBps: 0, feeBps: 30 });
    expect(q.platformFee).toEqual({ amount: '523949', feeBps: 30, feeMint: SOL });
    expect(q.signatureFeePayer).toBe(admin().toBase58());
    expect(q.createsOutputAccount).toBe(false);
    const before = await snapshot(t, { alice: alice.key, desk: desk(), admin: admin() });

    const result = await submit(t, alice, q);
    expect(result.alreadySent).toBe(false);
    expect(result.swap).toMatchObject({ status: 1, wallet: alice.wallet.address, inAmount: '25000000', outAmount: '174125583', quoteId: q.quoteId });
    const txID = result.swap.txID as string;
    const fee = await feeOf(txID);
    expect(fee).toBe(15_000n); // three signatures, no priority fee
    // the owner's socket hears the move to Completed
    const pushed = await socket.next((m) => m.type === 'swap.updated' && m.swap.status === 1);
    expect(pushed).toEqual({ type: 'swap.updated', swap: result.swap });
    await socket.close();

    const after = await snapshot(t, { alice: alice.key, desk: desk(), admin: admin() });
    expect(after).toEqual({
      ...before,
      'alice.USDT': (before['alice.USDT'] as bigint) - 25_000_000n,
      'alice.SOL': (before['alice.SOL'] as bigint) + 174_125_583n,
      'desk.USDT': (before['desk.USDT'] as bigint) + 25_000_000n,
      'desk.SOL': (before['desk.SOL'] as bigint) - 174_125_583n,
      'admin.SOL': (before['admin.SOL'] as bigint) - fee,
    });

    // a second submit of the same quote answers the first record
    const again = await submit(t, alice, q);
    expect(again).toEqual({ swap: result.swap, alreadySent: true });
    expect(ALREADY_SENT_REQUEST).toBe("You've already sent this request.");
    expect(await snapshot(t, { alice: alice.key, desk: desk(), admin: admin() })).toEqual(after);

    const byId = await t.app.inject({ method: 'GET', url: `/api/swaps/${result.swap.id}`, headers: alice.headers });
    expect(byId.json<SwapRecord>()).toEqual(result.swap);
    const bell = await t.app.inject({ method: 'GET', url: '/api/Notification', headers: alice.headers });
    expect(bell.body).toContain('Swap completed');
    expect(bell.body).toContain('You swapped 25 USDT for 0.174125583 SOL.');
    const { telegramOutbox } = await import('../../db/schema/index.ts');
    const outbox = await t.app.db.select().from(telegramOutbox).where(eq(telegramOutbox.chatId, 4242));
    expect(outbox.map((row) => row.text)).toEqual([expect.stringContaining('You swapped 25 USDT for 0.174125583 SOL.')]);
  });

  it('SOL → USDC into a wallet without a USDC account: the user pays its rent in the same transaction, the admin only the fee', async () => {
    const q = await quote(t, alice, SOL, USDC, 100_000_000n);
    expect(q.createsOutputAccount).toBe(true);
    const before = await snapshot(t, { alice: alice.key, desk: desk(), admin: admin() });
    const result = await submit(t, alice, q);
    expect(result.swap.status).toBe(1);
    const fee = await feeOf(result.swap.txID as string);
    const out = BigInt(q.outAmount);
    const after = await snapshot(t, { alice: alice.key, desk: desk(), admin: admin() });
    expect(after).toEqual({
      ...before,
      'alice.SOL': (before['alice.SOL'] as bigint) - 100_000_000n - TOKEN_ACCOUNT_RENT_LAMPORTS,
      'alice.USDC': out,
      'desk.SOL': (before['desk.SOL'] as bigint) + 100_000_000n,
      'desk.USDC': (before['desk.USDC'] as bigint) - out,
      'admin.SOL': (before['admin.SOL'] as bigint) - fee,
    });
  });

  it('SOL → USDC again: the account exists, its idempotent creation costs the user nothing', async () => {
    const q = await quote(t, alice, SOL, USDC, 50_000_000n);
    const before = await snapshot(t, { alice: alice.key, desk: desk(), admin: admin() });
    const result = await submit(t, alice, q);
    const fee = await feeOf(result.swap.txID as string);
    const out = BigInt(q.outAmount);
    expect(await snapshot(t, { alice: alice.key, desk: desk(), admin: admin() })).toEqual({
      ...before,
      'alice.SOL': (before['alice.SOL'] as bigint) - 50_000_000n,
      'alice.USDC': (before['alice.USDC'] as bigint) + out,
      'desk.SOL': (before['desk.SOL'] as bigint) + 50_000_000n,
      'desk.USDC': (before['desk.USDC'] as bigint) - out,
      'admin.SOL': (before['admin.SOL'] as bigint) - fee,
    });
  });

  it('the sweep settles Processing swaps whose request is gone: landed → Completed, never landed → Failed', async () => {
    const landed = (await submit(t, alice, await quote(t, alice, USDT, SOL, 2_000_000n))).swap;
    const old = new Date(t.clock.now().getTime() - STALE_PROCESSING_MS - 1);
    // its request died before it saw the chain: the record still says Processing
    const { swaps } = await import('../../db/schema/index.ts');
    await t.app.db.update(swaps).set({ status: 0, updatedAt: old }).where(eq(swaps.id, landed.id));
    const lost = landed.id;
    const dead = await insertSwapRow(t, {
      wallet: alice.wallet.address,
      inSymbol: 'USDT',
      outSymbol: 'SOL',
      status: 0,
      createdAt: old,
      txId: bs58.encode(Keypair.generate().secretKey),
    });
    const recent = await insertSwapRow(t, { wallet: alice.wallet.address, inSymbol: 'USDT', outSymbol: 'SOL', status: 0, createdAt: t.clock.now() });
    expect(await settleProcessingSwaps({ db: t.app.db, chain: t.chain, now: t.clock.now })).toBe(2);
    const status = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/swaps?Status=`, headers: alice.headers })).json<{ data: SwapRecord[] }>().data.find((s) => s.id === id);
    expect(await status(lost)).toMatchObject({ status: 1 });
    expect(await status(dead)).toMatchObject({ status: 2, failureReason: SWAP_NEVER_LANDED });
    // a Processing swap whose request may still be running is left to it
    expect(await status(recent)).toMatchObject({ status: 0 });
  });
});
