// One chain transaction, one record, on a real localnet: the deposit watcher never credits one transaction to two
// orders, and a Coin Jelly payout cannot also settle a swap (the database's claim spans both modules' tables).
import type { JellyOrder, SwapRecord } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { Keypair, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { txAlreadyRecorded } from '../../db/tx-claims.ts';
import { createChainTestApp, createChainWallet, type ChainTestApp, type ChainWallet } from '../../../test/helpers/test-chain.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { insertSwapRow } from '../swap/testing.ts';
import { chainHelpers, orderOf, reserve, solToUsdc, testJellyConfig, watcherOf } from './testing.ts';

let t: ChainTestApp;
let alice: ChainWallet;
let s: Session;
const adminWallet = createChainWallet();
let admin: Session;

beforeAll(async () => {
  t = await createChainTestApp({ config: { coinJelly: testJellyConfig(), adminWallets: new Set([adminWallet.address]) } });
  await t.chain.faucet!(t.chain.admin.publicKey, { sol: 500n * 10n ** 9n });
  alice = createChainWallet();
  await t.chain.faucet!(alice.keypair.publicKey, { sol: 100n * 10n ** 9n });
  await t.chain.faucet!(adminWallet.keypair.publicKey, { sol: 10n * 10n ** 9n });
  s = await session(t.app, alice);
  admin = await session(t.app, adminWallet);
});
afterAll(async () => {
  await t.close();
});

async function reserved(body: object): Promise<JellyOrder> {
  const response = await reserve(t.app, s.headers, body);
  if (response.statusCode !== 200) throw new Error(`reserve: ${response.statusCode} ${response.body}`);
  return response.json<JellyOrder>();
}

describe('the deposit watcher', () => {
  it('credits one transaction that paid two deposit addresses to one order; the other deposit waits for an admin', async () => {
    // recipients with their own USDC accounts (the platform opens none for them)
    const h = chainHelpers(t.chain, alice.keypair);
    const recipients = [await h.openUsdcAccount(Keypair.generate().publicKey), await h.openUsdcAccount(Keypair.generate().publicKey)];
    const orders = [await reserved(solToUsdc('1', recipients[0]!)), await reserved(solToUsdc('1', recipients[1]!))];
    const both = new Transaction().add(
      ...orders.map((o) => SystemProgram.transfer({ fromPubkey: alice.keypair.publicKey, toPubkey: new PublicKey(o.companyWallet), lamports: 10n ** 9n })),
    );
    const signature = await sendAndConfirmTransaction(t.chain.connection, both, [alice.keypair]);
    await watcherOf(t.app).tick();

    const after = await Promise.all(orders.map((o) => orderOf(t.app, s.headers, o.id)));
    const credited = after.filter((o) => o.received === '1');
    expect(credited).toHaveLength(1);
    expect(credited[0]).toMatchObject({ status: 1, stage: 'completed' });
    const held = after.find((o) => o.received === '0')!;
    expect(held).toMatchObject({ status: 0, stage: 'awaiting_deposit' });
    expect(held.events.at(-1)).toMatchObject({
      kind: 'unexpected_deposit',
      signature,
      amount: '1',
      note: `Already recorded as the deposit of Coin Jelly order #${credited[0]!.id}; waiting for an admin`,
    });
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/coin-jelly/queue', headers: admin.headers });
    expect(queue.json<{ deposits: { orderId: number; signature: string; amount: string }[] }>().deposits).toContainEqual(
      expect.objectContaining({ orderId: held.id, signature, amount: '1' }),
    );
    // The next poll finds nothing new to credit.
    await watcherOf(t.app).tick();
    expect(await orderOf(t.app, s.headers, held.id)).toMatchObject({ stage: 'awaiting_deposit', received: '0' });
  });
});

describe('across Coin Jelly and swaps', () => {
  it('a transaction recorded as a Coin Jelly payout cannot complete a swap that it also happened to pay', async () => {
    const recipient = Keypair.generate().publicKey;
    const order = await reserved({
      sendCoin: 'BTC',
      sendChain: 'Bitcoin',
      receiveCoin: 'SOL',
      receiveChain: 'Solana',
      amountUserSend: '0.001',
      recipientAddress: recipient.toBase58(),
      refundAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    });
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/admin/coin-jelly/confirm-deposit', headers: admin.headers, payload: { id: order.id, txID: 'd'.repeat(64), amount: '0.001' } });
    expect(confirmed.json<JellyOrder>()).toMatchObject({ stage: 'awaiting_admin' });
    const owed = toBaseUnits(order.amountUserWannaGet, 9);
    const payout = await sendAndConfirmTransaction(
      t.chain.connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: adminWallet.keypair.publicKey, toPubkey: recipient, lamports: owed })),
      [adminWallet.keypair],
    );
    const done = await t.app.inject({ method: 'PATCH', url: '/api/admin/update-jelly', headers: admin.headers, payload: { id: order.id, status: 1, txID: payout } });
    expect(done.json<JellyOrder>()).toMatchObject({ status: 1, txID: payout });

    // A swap of the same wallet and amount: the chain shows the payout paid it too, but it is the order's.
    const swapId = await insertSwapRow(t, { wallet: recipient.toBase58(), inSymbol: 'USDC', outSymbol: 'SOL', status: 0, createdAt: t.clock.now(), outAmount: owed.toString() });
    const patch = (txID: string) => t.app.inject({ method: 'PATCH', url: `/api/admin/swaps/${swapId}`, headers: admin.headers, payload: { status: 1, txID, reason: 'settled by hand' } });
    expect(errorOf(await patch(payout))).toMatchObject({ status: 409, code: 'CONFLICT', message: txAlreadyRecorded(`jelly_payout:${order.id}`) });
    const swap = await t.app.inject({ method: 'GET', url: `/api/swaps/${swapId}`, headers: admin.headers });
    expect(swap.json<SwapRecord>()).toMatchObject({ status: 0, txID: null });
  });
});
