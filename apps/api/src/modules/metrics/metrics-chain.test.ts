// The chain-side series on a real localnet, the app's RPC behind the fault proxy: RPC calls, retries and errors by
// method; a server-side platform send recorded and landed with its latency; the fee payer's figures as the admin
// page reads them, and left out (counted) when the node cannot answer.
import { OrderStatus } from '@jelly/domain';
import { PublicKey } from '@solana/web3.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { claim, getOrder, lockInstruction, offer, openUsdcAccount, submit, trader, userTransaction } from '../../../test/helpers/deal-fixtures.ts';
import { createChainWallet } from '../../../test/helpers/test-chain.ts';
import { SETUP_MS, TEST_MS, createFaultTestApp, type FaultTestApp } from '../../../test/faults/fault-app.ts';
import { session, type Session } from '../orders/testing.ts';
import { scrape, type Scrape } from './testing.ts';

vi.setConfig({ testTimeout: TEST_MS });

let t: FaultTestApp;
const adminWallet = createChainWallet();
let admin: Session;

beforeAll(async () => {
  t = await createFaultTestApp({ adminWallets: new Set([adminWallet.address]) });
  admin = await session(t.app, adminWallet);
}, SETUP_MS);
afterEach(() => t.proxy.reset());
afterAll(async () => {
  await t?.close();
}, SETUP_MS);

const delta = (after: Scrape, before: Scrape, name: string, labels: Record<string, string>) =>
  (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);

describe('RPC series', () => {
  it('counts each call once by method, each retry, and a call given up after its retries', async () => {
    const before = await scrape(t.app);
    t.proxy.add({ methods: ['getEpochInfo'], times: 2, action: { kind: 'status', status: 503 } });
    await t.appChain.connection.getEpochInfo();
    t.proxy.add({ methods: ['getEpochInfo'], action: { kind: 'status', status: 503 } });
    await expect(t.appChain.connection.getEpochInfo()).rejects.toThrow('RPC node unavailable after retries');
    const after = await scrape(t.app);
    const method = { method: 'getEpochInfo' };
    expect(delta(after, before, 'jelly_rpc_calls_total', method)).toBe(2);
    // 2 retries for the first call; the second tried 5 times in all (TEST_RPC_RETRY.attempts)
    expect(delta(after, before, 'jelly_rpc_retries_total', method)).toBe(2 + 4);
    expect(delta(after, before, 'jelly_rpc_errors_total', method)).toBe(1);
  });
});

describe('a server-side send and the fee payer', () => {
  it("an admin's resolution: its send recorded and landed once, its latency observed; the fee payer's figures match the admin page", async () => {
    const seller = await trader(t, { usdc: 5_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 5_000_000n);
    const dealId = await claim(t, buyer, offerId, 5_000_000n);
    const deal = await getOrder(t.app, seller, dealId);
    await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    const dispute = await t.app.inject({
      method: 'POST',
      url: '/api/platform/call-tg-bot',
      headers: seller.headers,
      payload: { dealId: String(dealId), buyerWallet: null, sellerWallet: null, orderUrl: `http://localhost:8080/swap-chat/${dealId}`, receiver: 'Admin', messageType: 'AdminNotification' },
    });
    expect(dispute.statusCode).toBe(200);
    await openUsdcAccount(t, buyer);

    const before = await scrape(t.app);
    t.proxy.add({ methods: ['sendTransaction'], times: 1, action: { kind: 'status', status: 429, retryAfter: '0' } });
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${dealId}/resolve`,
      headers: admin.headers,
      payload: { releaseTo: 'buyer', reason: 'Checked the chat and the payment proof' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: OrderStatus.AdminResolved });
    const after = await scrape(t.app);
    const kind = { kind: 'admin_resolve' };
    expect(delta(after, before, 'jelly_platform_sends_total', { ...kind, state: 'recorded' })).toBe(1);
    expect(delta(after, before, 'jelly_platform_sends_total', { ...kind, state: 'landed' })).toBe(1);
    expect(delta(after, before, 'jelly_platform_send_land_seconds_count', kind)).toBe(1);
    expect(after.value('jelly_platform_sends_pending', kind)).toBeUndefined();
    expect(delta(after, before, 'jelly_rpc_retries_total', { method: 'sendTransaction' })).toBe(1);

    const page = await t.app.inject({ method: 'GET', url: '/api/admin/fee-payer', headers: admin.headers });
    expect(page.statusCode).toBe(200);
    const cluster = { cluster: 'localnet' };
    const balance = await t.chain.connection.getBalance(new PublicKey(page.json().feePayer), 'confirmed');
    const spent = Number(page.json().spent24h.totalLamports);
    expect(spent).toBeGreaterThan(0);
    expect(after.value('jelly_fee_payer_balance_lamports', cluster)).toBe(balance);
    expect(after.value('jelly_fee_payer_spend_24h_lamports', cluster)).toBe(spent);
    expect(after.value('jelly_fee_payer_runway_seconds', cluster)).toBeCloseTo((balance / spent) * 86_400, 3);
  });

  it('a node that cannot answer the balance: the fee-payer series are left out and counted, the scrape answers', async () => {
    const before = await scrape(t.app);
    expect(before.value('jelly_fee_payer_balance_lamports', { cluster: 'localnet' })).toBeGreaterThan(0);
    t.proxy.add({ methods: ['getBalance'], action: { kind: 'status', status: 503 } });
    const during = await scrape(t.app);
    expect(during.series.some((s) => s.name.startsWith('jelly_fee_payer_'))).toBe(false);
    expect(delta(during, before, 'jelly_metrics_collect_errors_total', { source: 'fee_payer' })).toBe(1);
    expect(during.value('jelly_overdue_items', { kind: 'platform_send' })).toBe(0);
    t.proxy.reset();
    expect((await scrape(t.app)).value('jelly_fee_payer_balance_lamports', { cluster: 'localnet' })).toBeGreaterThan(0);
  });
});
