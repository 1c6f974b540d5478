// A deal through a flaky RPC: every step of a real deal (lock, mark paid, release, cancel) with the API's RPC
// answering 429s and 5xx, hanging, losing a send's answer after the send landed, or dropping a send until its
// blockhash expires. Each step completes, or ends in a clear answer with the deal left as it was, ready for a retry;
// balances are checked to the base unit, so nothing moved twice.
import { OrderStatus, settlementPayout } from '@jelly/domain';
import type { Config } from '@jelly/escrow';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NEVER_LANDED, expireDeals } from '../../src/modules/deals/testing.ts';
import { errorOf, session, type Session } from '../../src/modules/orders/testing.ts';
import {
  cancelInstructions,
  claim,
  dealRow,
  escrowConfig,
  getOrder,
  lockInstruction,
  offer,
  openUsdcAccount,
  postTransaction,
  signInstructions,
  submit,
  trader,
  usdcOf,
  userTransaction,
} from '../helpers/deal-fixtures.ts';
import { createChainWallet } from '../helpers/test-chain.ts';
import { SETUP_MS, TEST_MS, createFaultTestApp, type FaultTestApp } from './fault-app.ts';

// Each test waits out real retries (1 s attempt time-outs, Retry-After pauses): more than the default on a loaded machine.
vi.setConfig({ testTimeout: TEST_MS });

let t: FaultTestApp;
let escrow: Config;
const adminWallet = createChainWallet();
let admin: Session;

beforeAll(async () => {
  t = await createFaultTestApp({ adminWallets: new Set([adminWallet.address]) });
  escrow = await escrowConfig(t);
  admin = await session(t.app, adminWallet);
}, SETUP_MS);
afterEach(() => {
  t.proxy.reset();
  t.proxy.latencyMs = 0;
});
afterAll(async () => {
  await t?.close();
}, SETUP_MS);

describe('a Sell offer to Completed through a flaky RPC', () => {
  it('lock behind 429s (Retry-After honoured), mark paid behind 5xx and a hung read, release whose answer is lost: paid once', async () => {
    const alice = await trader(t, { usdc: 100_000_000n });
    const bob = await trader(t);
    const offerId = await offer(t, alice, 0, 100_000_000n);
    const dealId = await claim(t, bob, offerId, 40_000_000n);
    const treasuryBefore = await usdcOf(t, escrow.treasury);

    // lock: the node rate-limits the first two sends, asking for a second's pause each time
    t.proxy.latencyMs = 50;
    t.proxy.add({ methods: ['sendTransaction'], times: 2, action: { kind: 'status', status: 429, retryAfter: '1' } });
    let deal = await getOrder(t.app, alice, dealId);
    const started = Date.now();
    const locked = await submit(t, alice, await userTransaction(t, alice.keypair, [lockInstruction(t, deal, alice.key)]));
    expect(locked).toMatchObject({ status: OrderStatus.CryptoGuyLockedCrypto, kind: 'lock', alreadyProcessed: false });
    expect(t.proxy.count('sendTransaction', 'status')).toBe(2);
    // the client waited what Retry-After asked (two pauses of a second), not its own shorter back-off
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(await usdcOf(t, alice.key)).toBe(60_000_000n);

    // mark paid: the node answers 502/503 to status reads and never answers one simulation
    t.proxy.latencyMs = 0;
    t.proxy.add({ methods: ['getSignatureStatuses'], times: 2, action: { kind: 'status', status: 503 } });
    t.proxy.add({ methods: ['getSignatureStatuses'], times: 1, action: { kind: 'status', status: 502 } });
    t.proxy.add({ methods: ['simulateTransaction'], times: 1, action: { kind: 'hang' } });
    deal = await getOrder(t.app, bob, dealId);
    const paid = await submit(t, bob, await userTransaction(t, bob.keypair, signInstructions(t, deal, bob.key, escrow, false)));
    expect(paid).toMatchObject({ status: OrderStatus.SignedByOneParty, kind: 'sign' });
    expect(t.proxy.count('simulateTransaction', 'hang')).toBe(1);
    expect(t.proxy.count('getSignatureStatuses', 'status')).toBe(3);

    // release: the send reaches the node and lands, but its answer never comes back; the same bytes go again
    t.proxy.add({ methods: ['sendTransaction'], times: 1, action: { kind: 'withhold' } });
    deal = await getOrder(t.app, alice, dealId);
    const done = await submit(t, alice, await userTransaction(t, alice.keypair, signInstructions(t, deal, alice.key, escrow, true)));
    expect(done).toMatchObject({ status: OrderStatus.Completed, kind: 'sign' });
    expect(t.proxy.count('sendTransaction', 'withhold')).toBe(1);

    const { fee, toFiatSide } = settlementPayout(40_000_000n, escrow.feeBps);
    expect(await usdcOf(t, bob.key)).toBe(toFiatSide);
    expect((await usdcOf(t, escrow.treasury)) - treasuryBefore).toBe(fee);
    expect(await usdcOf(t, alice.key)).toBe(60_000_000n);
    expect(await getOrder(t.app, alice, offerId)).toMatchObject({ amount: '60000000', filledQuantity: '40000000' });
  });
});

describe('a cancel whose send is dropped until its blockhash expires', () => {
  it("answers 409 'expired before it reached the chain', the deal stays locked, and the rebuilt cancel refunds once", async () => {
    const seller = await trader(t, { usdc: 30_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 30_000_000n);
    const dealId = await claim(t, buyer, offerId, 30_000_000n);
    const deal = await getOrder(t.app, seller, dealId);
    await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    expect(await usdcOf(t, seller.key)).toBe(0n);

    // the node takes the send (answers its signature) and drops it, as a leader that never forwards it would
    t.proxy.add({ methods: ['sendTransaction'], action: { kind: 'swallow' } });
    const cancel = postTransaction(t.app, buyer, await userTransaction(t, buyer.keypair, cancelInstructions(t, deal, buyer.key)));
    await t.proxy.reached('sendTransaction', 'swallow', 1);
    t.chain.produceBlocks(151);
    t.proxy.clear();
    expect(errorOf(await cancel)).toEqual({ status: 409, code: 'TRANSACTION_FAILED', message: NEVER_LANDED });
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);
    expect(await usdcOf(t, seller.key)).toBe(0n);

    // the way forward: the user builds it again (a fresh blockhash), and it lands
    const again = await submit(t, buyer, await userTransaction(t, buyer.keypair, cancelInstructions(t, deal, buyer.key)));
    expect(again).toMatchObject({ status: OrderStatus.Cancelled, kind: 'cancel' });
    expect(await usdcOf(t, seller.key)).toBe(30_000_000n);
    expect(await getOrder(t.app, seller, offerId)).toMatchObject({ amount: '30000000', filledQuantity: '0' });
  });
});

describe('a node that does not answer at all', () => {
  it("a lock answers 503 'The Solana node did not answer', nothing is recorded, and the same lock goes through once the node is back", async () => {
    const seller = await trader(t, { usdc: 20_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 20_000_000n);
    const dealId = await claim(t, buyer, offerId, 20_000_000n);
    const deal = await getOrder(t.app, seller, dealId);
    const lock = await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]);

    t.proxy.add({ action: { kind: 'hang' } });
    expect(errorOf(await postTransaction(t.app, seller, lock))).toEqual({
      status: 503,
      code: 'CHAIN_UNAVAILABLE',
      message: 'The Solana node did not answer. Please try again.',
    });
    t.proxy.clear();
    // a node that asks for a longer pause than the client waits is treated as down too, at once
    t.proxy.add({ action: { kind: 'status', status: 429, retryAfter: '3600' } });
    expect(errorOf(await postTransaction(t.app, seller, lock))).toMatchObject({ status: 503, code: 'CHAIN_UNAVAILABLE' });
    t.proxy.clear();
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.InProgress);
    expect(await usdcOf(t, seller.key)).toBe(20_000_000n);

    // the way forward: the same signed lock, sent again, lands once
    expect(await submit(t, seller, lock)).toMatchObject({ status: OrderStatus.CryptoGuyLockedCrypto, alreadyProcessed: false });
    expect(await usdcOf(t, seller.key)).toBe(0n);
  });
});

describe('server-side sends through a flaky RPC', () => {
  async function lockedDeal(amount: bigint) {
    const seller = await trader(t, { usdc: amount });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, amount);
    const dealId = await claim(t, buyer, offerId, amount);
    const deal = await getOrder(t.app, seller, dealId);
    await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    return { seller, buyer, offerId, dealId };
  }

  it("settle: an admin's resolution to the buyer behind a 429 and a lost answer pays amount − fee once", async () => {
    const { seller, buyer, offerId, dealId } = await lockedDeal(20_000_000n);
    const dispute = await t.app.inject({
      method: 'POST',
      url: '/api/platform/call-tg-bot',
      headers: seller.headers,
      payload: { dealId: String(dealId), buyerWallet: null, sellerWallet: null, orderUrl: `http://localhost:8080/swap-chat/${dealId}`, receiver: 'Admin', messageType: 'AdminNotification' },
    });
    expect(dispute.statusCode).toBe(200);
    await openUsdcAccount(t, buyer);
    const treasuryBefore = await usdcOf(t, escrow.treasury);

    t.proxy.add({ methods: ['sendTransaction'], times: 1, action: { kind: 'status', status: 429, retryAfter: '0' } });
    t.proxy.add({ methods: ['sendTransaction'], times: 1, action: { kind: 'withhold' } });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${dealId}/resolve`,
      headers: admin.headers,
      payload: { releaseTo: 'buyer', reason: 'Checked the chat and the payment proof' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ orderId: dealId, status: OrderStatus.AdminResolved, releaseTo: 'buyer' });
    expect(t.proxy.count('sendTransaction', 'withhold')).toBe(1);
    const { fee, toFiatSide } = settlementPayout(20_000_000n, escrow.feeBps);
    expect(await usdcOf(t, buyer.key)).toBe(toFiatSide);
    expect((await usdcOf(t, escrow.treasury)) - treasuryBefore).toBe(fee);
    expect(await getOrder(t.app, seller, offerId)).toMatchObject({ amount: '0', filledQuantity: '20000000' });
  });

  it('refund: the payment window refunds an unpaid locked deal behind 503s and a lost answer, once', async () => {
    const { seller, offerId, dealId } = await lockedDeal(10_000_000n);
    expect(await usdcOf(t, seller.key)).toBe(0n);
    t.proxy.add({ methods: ['getSignatureStatuses'], times: 2, action: { kind: 'status', status: 503 } });
    t.proxy.add({ methods: ['sendTransaction'], times: 1, action: { kind: 'withhold' } });
    const window = 30 * 60_000 + 1_000;
    t.clock.advance(window);
    try {
      const report = await expireDeals({ db: t.app.db, chain: t.appChain, now: t.clock.now });
      expect(report).toMatchObject({ failed: [] });
      expect(report.refunded).toContain(dealId);
      // a second run finds nothing more to do
      expect((await expireDeals({ db: t.app.db, chain: t.appChain, now: t.clock.now })).refunded).not.toContain(dealId);
    } finally {
      t.clock.advance(-window);
    }
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.Expired);
    expect(await usdcOf(t, seller.key)).toBe(10_000_000n);
    expect(await getOrder(t.app, seller, offerId)).toMatchObject({ amount: '10000000' });
  });
});
