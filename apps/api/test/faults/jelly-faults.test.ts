// Coin Jelly through a flaky RPC: the deposit watcher's socket goes silent or drops, the payout's send is lost until
// its blockhash expires or its answer never comes, the refund meets 5xx answers. Each order completes (or is
// refunded) with the amounts exact to the base unit, paid once.
import type { JellyOrder } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session, type Session } from '../../src/modules/orders/testing.ts';
import {
  chainHelpers,
  orderOf,
  reserve,
  scannedUntil,
  solToUsdc,
  testJellyConfig,
  usdcToSol,
  watcherOf,
  type ChainHelpers,
} from '../../src/modules/coin-jelly/testing.ts';
import { createChainWallet, type ChainWallet } from '../helpers/test-chain.ts';
import { SETUP_MS, TEST_MS, createFaultTestApp, type FaultTestApp } from './fault-app.ts';

// Each test waits out real retries (1 s attempt time-outs, Retry-After pauses): more than the default on a loaded machine.
vi.setConfig({ testTimeout: TEST_MS });

let t: FaultTestApp;
let alice: ChainWallet;
let s: Session;
let h: ChainHelpers;

beforeAll(async () => {
  t = await createFaultTestApp({ coinJelly: testJellyConfig() });
  await t.chain.faucet!(t.chain.admin.publicKey, { sol: 500n * 10n ** 9n, usdc: 100_000n * 10n ** 6n });
  alice = createChainWallet();
  await t.chain.faucet!(alice.keypair.publicKey, { sol: 100n * 10n ** 9n, usdc: 10_000n * 10n ** 6n });
  s = await session(t.app, alice);
  h = chainHelpers(t.chain, alice.keypair);
}, SETUP_MS);
afterEach(() => {
  t.proxy.reset();
  t.proxy.muteNotifications = false;
});
afterAll(async () => {
  await t?.close();
}, SETUP_MS);

async function reserved(body: object): Promise<JellyOrder> {
  const response = await reserve(t.app, s.headers, body);
  if (response.statusCode !== 200) throw new Error(`reserve: ${response.statusCode} ${response.body}`);
  return response.json<JellyOrder>();
}
const payouts = (o: JellyOrder) => o.events.filter((e) => e.kind === 'payout');

describe('the deposit watcher', () => {
  it('a socket that stays open but stops notifying: the poller finds the deposit; the payout whose answer is lost is sent once', async () => {
    const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
    const order = await reserved(solToUsdc('1', recipient));
    t.proxy.muteNotifications = true;
    const scansBefore = t.proxy.count('getSignaturesForAddress', 'pass');
    await h.sendSol(order.companyWallet, 10n ** 9n);
    // nothing woke the watcher: the order still waits
    expect(t.proxy.count('getSignaturesForAddress', 'pass')).toBe(scansBefore);
    expect((await orderOf(t.app, s.headers, order.id)).stage).toBe('awaiting_deposit');

    // the payout's send lands but its answer is lost; the blockhash read is rate-limited once
    t.proxy.add({ methods: ['sendTransaction'], times: 1, action: { kind: 'withhold' } });
    t.proxy.add({ methods: ['getLatestBlockhash'], times: 1, action: { kind: 'status', status: 429, retryAfter: '0' } });
    await watcherOf(t.app).tick();
    const done = await orderOf(t.app, s.headers, order.id);
    expect(done).toMatchObject({ stage: 'completed', received: '1' });
    expect(t.proxy.count('sendTransaction', 'withhold')).toBe(1);
    expect(payouts(done)).toHaveLength(1);
    expect(await h.usdcOf(recipient)).toBe(toBaseUnits(order.amountUserWannaGet, 6));
  });

  it('a dropped socket: it reconnects, rescans every open address and credits the deposit made meanwhile', async () => {
    const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
    const order = await reserved(solToUsdc('1', recipient));
    const opened = t.proxy.socketsOpened;
    const completed = scannedUntil(t.app, s.headers, order.id, (o) => o.stage === 'completed');
    t.proxy.dropSockets();
    await h.sendSol(order.companyWallet, 10n ** 9n);
    const done = await completed;
    expect(t.proxy.socketsOpened).toBe(opened + 1);
    expect(payouts(done)).toHaveLength(1);
    expect(await h.usdcOf(recipient)).toBe(toBaseUnits(order.amountUserWannaGet, 6));
  });
});

describe('a payout whose send is dropped until its blockhash expires', () => {
  it('is signed afresh and paid once, to the base unit', async () => {
    const recipient = Keypair.generate().publicKey;
    const order = await reserved(usdcToSol('100', recipient));
    t.proxy.muteNotifications = true;
    await h.sendUsdc(order.companyWallet, 100_000_000n);
    t.proxy.add({ methods: ['sendTransaction'], action: { kind: 'swallow' } });
    const tick = watcherOf(t.app).tick();
    await t.proxy.reached('sendTransaction', 'swallow', 1);
    t.chain.produceBlocks(151);
    t.proxy.clear();
    await tick;
    const done = await orderOf(t.app, s.headers, order.id);
    expect(done).toMatchObject({ stage: 'completed', received: '100' });
    expect(payouts(done)).toHaveLength(1);
    // the transaction that paid is a fresh signing, not the one the node dropped
    expect(t.proxy.swallowed.length).toBeGreaterThanOrEqual(1);
    expect(t.proxy.swallowed).not.toContain(payouts(done)[0]?.signature);
    expect(await h.lamports(recipient)).toBe(toBaseUnits(order.amountUserWannaGet, 9));
  });
});

describe('a refund behind 5xx answers', () => {
  it('the under-paid deposit comes back exactly once', async () => {
    const before = await h.usdcOf(alice.keypair.publicKey);
    const order = await reserved(usdcToSol('100', Keypair.generate().publicKey));
    t.proxy.muteNotifications = true;
    await h.sendUsdc(order.companyWallet, 80_000_000n);
    await watcherOf(t.app).tick();
    expect((await orderOf(t.app, s.headers, order.id)).stage).toBe('needs_choice');

    t.proxy.add({ methods: ['sendTransaction'], times: 2, action: { kind: 'status', status: 503 } });
    t.proxy.add({ methods: ['simulateTransaction'], times: 1, action: { kind: 'status', status: 502 } });
    const response = await t.app.inject({ method: 'POST', url: `/api/coin-jelly/orders/${order.id}/choice`, headers: s.headers, payload: { choice: 'refund' } });
    expect(response.json<JellyOrder>()).toMatchObject({ status: 2, stage: 'refunded' });
    expect(t.proxy.count('sendTransaction', 'status')).toBe(2);
    expect(await h.usdcOf(alice.keypair.publicKey)).toBe(before);
    // a later poll sends nothing more
    await watcherOf(t.app).tick();
    expect(await h.usdcOf(alice.keypair.publicKey)).toBe(before);
    expect(await h.lamports(new PublicKey(order.companyWallet))).toBe(0n);
  });
});
