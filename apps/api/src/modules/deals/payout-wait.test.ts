// A refund or a release the server sends to a recipient without a token account waits in escrow, and says so: both
// parties read it on the deal view, the recipient is told what to do, and their "Receive" sends it at once through
// the same code as the job (the payment-window refund) or the admin (the recorded decision). Nobody else can.
import type { OrderDetails, RetryPayoutResponse } from '@jelly/contracts';
import { OrderStatus, settlementPayout } from '@jelly/domain';
import { createCloseAccountInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealPayoutWaits, notifications } from '../../db/schema/index.ts';
import { USDC, USDC_MINT, claim, dealRow, escrowConfig, getOrder, lockInstruction, offer, openUsdcAccount, submit, trader, usdcOf, userTransaction, type Trader } from '../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, createChainWallet, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { REFUND_WAITS_TITLE, RELEASE_WAITS_TITLE } from '../notifications/index.ts';
import { expireDeals } from './expire-deals.ts';
import { PAYOUT_RETRIES_PER_MINUTE } from './payout-routes.ts';
import { DEAL_NOT_FOUND, NOT_THE_RECIPIENT, NOTHING_WAITS } from './retry-payout.ts';

const adminWallet = createChainWallet();
let t: ChainTestApp;
let admin: Session;
beforeAll(async () => {
  t = await createChainTestApp({ config: { adminWallets: new Set([adminWallet.address]) } });
  admin = await session(t.app, adminWallet);
});
afterAll(async () => {
  await t.close();
});

const WINDOW_MS = 30 * 60_000 + 1_000;

async function lockedDeal(amount: bigint): Promise<{ seller: Trader; buyer: Trader; dealId: number }> {
  const seller = await trader(t, { usdc: amount });
  const buyer = await trader(t);
  const offerId = await offer(t, seller, 0, amount);
  const dealId = await claim(t, buyer, offerId, amount);
  const deal = await getOrder(t.app, seller, dealId);
  await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
  return { seller, buyer, dealId };
}

async function closeUsdcAccount(owner: Trader): Promise<void> {
  const account = getAssociatedTokenAddressSync(USDC, owner.key);
  await sendAndConfirmTransaction(t.chain.connection, new Transaction().add(createCloseAccountInstruction(account, owner.key, owner.key)), [owner.keypair]);
}

const retry = (s: Session, dealId: number) => t.app.inject({ method: 'POST', url: `/api/deals/${dealId}/payout/retry`, headers: s.headers });
const waitOf = async (s: Session, dealId: number): Promise<OrderDetails['waitingForAccount']> => (await getOrder(t.app, s, dealId)).waitingForAccount;
const toldTo = (wallet: string) =>
  t.app.db.select().from(notifications).where(and(eq(notifications.wallet, wallet), eq(notifications.kind, 'refund_waits_for_account')));

describe('a payment-window refund to a seller who closed their token account', () => {
  it('is shown to both parties, told to the seller in their own words, and sent when the seller receives it', async () => {
    const { seller, buyer, dealId } = await lockedDeal(4_000_000n);
    await closeUsdcAccount(seller);
    t.clock.advance(WINDOW_MS);
    try {
      const job = await expireDeals({ db: t.app.db, chain: t.chain, now: t.clock.now });
      expect(job.waiting).toEqual([dealId]);
      expect(job.failed).toEqual([]);
      const since = t.clock.now().toISOString();
      // sessions signed in after the clock moved (the earlier tokens have expired)
      const [s, b] = [await session(t.app, seller.wallet), await session(t.app, buyer.wallet)];
      const wait = { recipient: 'seller', mint: USDC_MINT, since };
      expect(await waitOf(s, dealId)).toEqual(wait);
      expect(await waitOf(b, dealId)).toEqual(wait);

      const [told] = await toldTo(seller.wallet.address);
      expect(told).toMatchObject({ title: REFUND_WAITS_TITLE, orderId: dealId });
      expect(told?.message).toContain('Your refund of 4 USDC');
      expect(told?.message).toContain("Open your USDC account: press 'Receive' on the deal page");
      expect(told?.message).not.toMatch(/try again|the seller/i);

      // the buyer is not the recipient; a stranger does not learn the deal exists
      expect(errorOf(await retry(b, dealId))).toMatchObject({ status: 403, message: NOT_THE_RECIPIENT });
      const stranger = await session(t.app, createChainWallet());
      expect(errorOf(await retry(stranger, dealId))).toMatchObject({ status: 404, message: DEAL_NOT_FOUND });
      // pressed before the account exists: the same refusal, who must open what, and nothing moved
      const early = errorOf(await retry(s, dealId));
      expect(early).toMatchObject({ status: 409, message: expect.stringContaining('The seller has no token account for this coin yet (USDC)') });
      expect(early.message).not.toMatch(/try again/i);
      expect((await dealRow(t, dealId)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);

      await openUsdcAccount(t, seller);
      const sent = await retry(s, dealId);
      expect(sent.statusCode).toBe(200);
      expect(sent.json<RetryPayoutResponse>()).toEqual({ orderId: dealId, status: OrderStatus.Expired });
      expect(await usdcOf(t, seller.key)).toBe(4_000_000n);
      expect(await waitOf(s, dealId)).toBeNull();
      expect(await waitOf(b, dealId)).toBeNull();
      expect(await t.app.db.select().from(dealPayoutWaits).where(eq(dealPayoutWaits.orderId, dealId))).toEqual([]);
      expect(errorOf(await retry(s, dealId))).toMatchObject({ status: 409, message: NOTHING_WAITS });
    } finally {
      t.clock.advance(-WINDOW_MS);
    }
  });

  it('is cleared when the job sends it after the seller opened the account by hand', async () => {
    const { seller, dealId } = await lockedDeal(2_000_000n);
    await closeUsdcAccount(seller);
    t.clock.advance(WINDOW_MS);
    try {
      await expireDeals({ db: t.app.db, chain: t.chain, now: t.clock.now });
      expect(await t.app.db.select().from(dealPayoutWaits).where(eq(dealPayoutWaits.orderId, dealId))).toHaveLength(1);
      await openUsdcAccount(t, seller);
      expect((await expireDeals({ db: t.app.db, chain: t.chain, now: t.clock.now })).refunded).toContain(dealId);
      expect(await t.app.db.select().from(dealPayoutWaits).where(eq(dealPayoutWaits.orderId, dealId))).toEqual([]);
      expect(await waitOf(await session(t.app, seller.wallet), dealId)).toBeNull();
    } finally {
      t.clock.advance(-WINDOW_MS);
    }
  });
});

describe("an admin's release to a buyer without a token account", () => {
  it('tells the admin who must open what, keeps the decision, and sends it when the buyer receives it', async () => {
    const escrow = await escrowConfig(t);
    const { seller, buyer, dealId } = await lockedDeal(10_000_000n);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${dealId}/resolve`,
      headers: admin.headers,
      payload: { releaseTo: 'buyer', reason: 'The payment proof is genuine' },
    });
    const refusal = errorOf(resolved);
    expect(refusal).toMatchObject({ status: 409, message: expect.stringContaining('The buyer has no token account for this coin yet (USDC)') });
    expect(refusal.message).toContain("the buyer is asked to open their USDC account ('Receive' on the deal page)");
    expect(refusal.message).not.toMatch(/try again/i);
    expect(await waitOf(seller, dealId)).toMatchObject({ recipient: 'buyer', mint: USDC_MINT });
    expect(await waitOf(buyer, dealId)).toMatchObject({ recipient: 'buyer', mint: USDC_MINT });
    const [told] = await toldTo(buyer.wallet.address);
    expect(told).toMatchObject({ title: RELEASE_WAITS_TITLE, orderId: dealId });
    expect(told?.message).toContain('The 10 USDC released to you');
    // the payment window ends meanwhile: the admin's decision is not overruled by a refund to the seller
    const pastWindow = await expireDeals({ db: t.app.db, chain: t.chain, now: () => new Date(t.clock.now().getTime() + WINDOW_MS) });
    expect([...pastWindow.refunded, ...pastWindow.synced, ...pastWindow.waiting, ...pastWindow.failed.map((f) => f.orderId)]).not.toContain(dealId);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);

    expect(errorOf(await retry(seller, dealId))).toMatchObject({ status: 403 });
    await openUsdcAccount(t, buyer);
    const sent = await retry(buyer, dealId);
    expect(sent.json<RetryPayoutResponse>()).toEqual({ orderId: dealId, status: OrderStatus.AdminResolved });
    expect(await usdcOf(t, buyer.key)).toBe(settlementPayout(10_000_000n, escrow.feeBps).toFiatSide);
    const view = await getOrder(t.app, seller, dealId);
    expect(view.waitingForAccount).toBeNull();
    expect(view.adminResolution).toMatchObject({ releasedTo: 'buyer', reason: 'The payment proof is genuine' });
  });
});

describe('the retry endpoint', () => {
  it('answers 409 when nothing waits, and counts presses per wallet (a script gets 429)', async () => {
    const { seller, dealId } = await lockedDeal(1_000_000n);
    const responses = [];
    for (let i = 0; i < PAYOUT_RETRIES_PER_MINUTE + 1; i++) responses.push(await retry(seller, dealId));
    expect(responses.slice(0, -1).map((r) => errorOf(r))).toEqual(Array(PAYOUT_RETRIES_PER_MINUTE).fill(expect.objectContaining({ status: 409, message: NOTHING_WAITS })));
    expect(responses.at(-1)?.statusCode).toBe(429);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);
  });
});
