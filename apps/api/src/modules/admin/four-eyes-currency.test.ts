// Four eyes in one currency, on a real localnet with the product defaults: ADMIN_FOUR_EYES_FIAT_AMOUNT 1000 (USD) and
// the bundled price table (KWD 0.305712 and JPY 148.042596 per USD). A deal's size is its value in USD, not the
// number in its own currency: 660 KWD is about 2,159 USD, 148,000 JPY about 999.71 USD.
import { adminPaths, type AdminResolveOutcome, type DisputeDossier, type ResolveApprovalDecisionResponse } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, dealRow, getOrder, lockInstruction, offer, openUsdcAccount, submit, trader, usdcOf, userTransaction } from '../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, createChainWallet, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { session, type Session } from '../orders/testing.ts';

const firstAdminWallet = createChainWallet();
const secondAdminWallet = createChainWallet();
let t: ChainTestApp;
let first: Session;
let second: Session;

beforeAll(async () => {
  t = await createChainTestApp({ config: { adminWallets: new Set([firstAdminWallet.address, secondAdminWallet.address]) } });
  first = await session(t.app, firstAdminWallet);
  second = await session(t.app, secondAdminWallet);
});
afterAll(() => t.close());

/** A seller's offer of `amount` USDC at `price` in `fiatCode`, claimed whole, locked, and disputed by the buyer. */
async function disputedDeal(amount: bigint, fiatCode: string, price: string) {
  const seller = await trader(t, { usdc: amount });
  const buyer = await trader(t);
  await openUsdcAccount(t, buyer); // a release goes only to the buyer's own token account
  const offerId = await offer(t, seller, 0, amount, { fiatCode, price });
  const dealId = await claim(t, buyer, offerId, amount);
  await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, await getOrder(t.app, seller, dealId), seller.key)]));
  const opened = await t.app.inject({
    method: 'POST', url: '/api/platform/call-tg-bot', headers: buyer.headers,
    payload: { dealId: String(dealId), buyerWallet: null, sellerWallet: null, orderUrl: `http://localhost:8080/swap-chat/${dealId}`, receiver: 'Admin', messageType: 'AdminNotification' },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return { seller, buyer, dealId };
}

const dossierOf = async (dealId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api${adminPaths.dispute(dealId)}`, headers: first.headers })).json<DisputeDossier>();
const resolve = (s: Session, dealId: number) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${dealId}/resolve`, headers: s.headers, payload: { releaseTo: 'buyer', reason: 'The bank statement shows the payment.' } });

describe('four eyes, compared in USD', () => {
  it('does not let one admin release 2,000 USDC priced in KWD (660 KWD ≈ 2,159 USD, although 660 < 1000); a second admin does', async () => {
    const { buyer, dealId } = await disputedDeal(2_000_000_000n, 'KWD', '0.33');
    expect(await dealRow(t, dealId)).toMatchObject({ fiatCode: 'KWD', fiatAmountCents: '66000' });

    const asked = await resolve(first, dealId);
    expect(asked.statusCode, asked.body).toBe(202);
    const pending = asked.json<AdminResolveOutcome>();
    if (pending.state !== 'pending_approval') throw new Error('expected a pending approval');
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.AdminResolving);
    expect(await usdcOf(t, buyer.key)).toBe(0n);
    expect((await dossierOf(dealId)).fourEyes).toEqual({ required: true, thresholdFiat: '1000', thresholdCurrency: 'USD' });

    const approved = await t.app.inject({
      method: 'POST', url: `/api${adminPaths.approvals(dealId)}`, headers: second.headers, payload: { approvalId: pending.approval.id, decision: 'approve' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<ResolveApprovalDecisionResponse>().resolution).toMatchObject({ status: OrderStatus.AdminResolved, releaseTo: 'buyer' });
    expect(await usdcOf(t, buyer.key)).toBeGreaterThan(0n);
  });

  it('lets one admin resolve 1,000 USDC priced in JPY (148,000 JPY ≈ 999.71 USD, although 148,000 > 1000)', async () => {
    const { dealId } = await disputedDeal(1_000_000_000n, 'JPY', '148');
    expect((await dossierOf(dealId)).fourEyes).toMatchObject({ required: false });
    const done = await resolve(first, dealId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<AdminResolveOutcome>()).toMatchObject({ state: 'executed', status: OrderStatus.AdminResolved });
  });
});
