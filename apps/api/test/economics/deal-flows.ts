/**
 * Deals through every ending, each between a fresh seller and a fresh buyer on an offer of its own, as the web sends
 * them (the admin as fee payer); then the rent-reclamation job, so what can close closes. An offer whose amount came
 * back is withdrawn by its seller, so its escrow order closes too — except in the last flow, which leaves its offer
 * open on purpose (its order's rent stays held, queued for when the offer ends).
 */
import { OrderStatus } from '@jelly/domain';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { expect } from 'vitest';
import {
  USDC,
  cancelInstructions,
  claim,
  dealRow,
  escrowConfig,
  getOrder,
  lockInstruction,
  offer,
  openUsdcAccount,
  signInstructions,
  submit,
  usdcOf,
  userTransaction,
  type Trader,
} from '../helpers/deal-fixtures.ts';
import { expireDeals } from '../../src/modules/deals/index.ts';
import { reclaimRent, type ReclaimReport } from '../../src/modules/deals/testing.ts';
import { advance, closeOwnUsdcAccount, freshWallet, signedIn, type Economy } from './economy.ts';

const USDC10 = 10_000_000n;
/** SOL for a trader's own transactions (opening or closing its token account); the admin pays every deal fee. */
const POCKET_SOL = 10_000_000n;
const PAYMENT_WINDOW_MINUTES = 30;

const jobContext = (e: Economy) => ({ db: e.t.app.db, chain: e.t.chain, now: e.t.clock.now });

async function sellDeal(e: Economy, name: string, offered = USDC10) {
  const seller = await freshWallet(e, `${name}: seller`, { sol: POCKET_SOL, usdc: offered });
  const buyer = await freshWallet(e, `${name}: buyer`, { sol: POCKET_SOL });
  const offerId = await offer(e.t, seller, 0, offered);
  const dealId = await claim(e.t, buyer, offerId, USDC10);
  return { seller, buyer, offerId, dealId };
}

async function lock(e: Economy, seller: Trader, dealId: number): Promise<void> {
  const deal = await getOrder(e.t.app, seller, dealId);
  await submit(e.t, seller, await userTransaction(e.t, seller.keypair, [lockInstruction(e.t, deal, seller.key)]));
}

/** Runs the rent-reclamation job (with its sweep) and expects no failure. */
async function reclaim(e: Economy): Promise<ReclaimReport> {
  const report = await reclaimRent(jobContext(e), { sweep: true });
  expect(report.failed).toEqual([]);
  return report;
}

/** The seller withdraws its offer (the amount came back to it): its escrow order is queued for closing. */
async function withdrawOffer(e: Economy, seller: Trader, offerId: number): Promise<void> {
  const s = await signedIn(e, seller.wallet);
  const response = await e.t.app.inject({ method: 'PUT', url: `/api/orders/update-offers?orderId=${offerId}&orderStatus=4`, headers: s.headers });
  expect(response.statusCode).toBe(200);
}

async function dispute(e: Economy, buyer: Trader, dealId: number): Promise<void> {
  const response = await e.t.app.inject({
    method: 'POST',
    url: '/api/platform/call-tg-bot',
    headers: buyer.headers,
    payload: { dealId: String(dealId), buyerWallet: null, sellerWallet: null, orderUrl: `http://localhost:8080/swap-chat/${dealId}`, receiver: 'Admin', messageType: 'AdminNotification' },
  });
  expect(response.statusCode).toBe(200);
}

async function resolve(e: Economy, dealId: number, releaseTo: 'buyer' | 'seller') {
  const admin = await signedIn(e, e.adminWallet);
  return e.t.app.inject({ method: 'POST', url: `/api/admin/orders/${dealId}/resolve`, headers: admin.headers, payload: { releaseTo, reason: 'Checked the chat and the payment proof' } });
}

const closedKinds = (report: ReclaimReport) => report.closed.map((c) => `${c.kind}:${c.orderId}`).sort();

export async function completedDeal(e: Economy, name: string): Promise<void> {
  const { seller, buyer, offerId, dealId } = await sellDeal(e, name);
  await openUsdcAccount(e.t, buyer); // the buyer's own account: the settlement then opens nothing
  const escrow = await escrowConfig(e.t);
  await lock(e, seller, dealId);
  await submit(e.t, buyer, await userTransaction(e.t, buyer.keypair, signInstructions(e.t, await getOrder(e.t.app, buyer, dealId), buyer.key, escrow, false)));
  const settled = await submit(e.t, seller, await userTransaction(e.t, seller.keypair, signInstructions(e.t, await getOrder(e.t.app, seller, dealId), seller.key, escrow, true)));
  expect(settled.status).toBe(OrderStatus.Completed);
  expect(closedKinds(await reclaim(e))).toEqual([`order:${offerId}`, `ticket:${dealId}`]);
}

export async function cancelledBeforeLock(e: Economy, name: string): Promise<void> {
  const { seller, buyer, offerId, dealId } = await sellDeal(e, name);
  const response = await e.t.app.inject({ method: 'PUT', url: `/api/orders/update-offers?orderId=${dealId}&orderStatus=4`, headers: buyer.headers });
  expect(response.statusCode).toBe(200);
  expect((await dealRow(e.t, dealId)).status).toBe(OrderStatus.Cancelled);
  await withdrawOffer(e, seller, offerId);
  expect((await reclaim(e)).closed).toEqual([]); // nothing was ever opened on chain
}

/** The fiat side (the buyer) cancels on chain after the lock: the seller's tokens come back. */
export async function cancelledAfterLock(e: Economy, name: string, options: { withdraw: boolean } = { withdraw: true }): Promise<void> {
  const { seller, buyer, offerId, dealId } = await sellDeal(e, name, options.withdraw ? USDC10 : 2n * USDC10);
  await lock(e, seller, dealId);
  const cancelled = await submit(e.t, buyer, await userTransaction(e.t, buyer.keypair, cancelInstructions(e.t, await getOrder(e.t.app, buyer, dealId), buyer.key)));
  expect(cancelled.status).toBe(OrderStatus.Cancelled);
  expect(await usdcOf(e.t, seller.key)).toBe(options.withdraw ? USDC10 : 2n * USDC10);
  if (options.withdraw) await withdrawOffer(e, seller, offerId);
  const report = await reclaim(e);
  if (options.withdraw) expect(closedKinds(report)).toEqual([`order:${offerId}`, `ticket:${dealId}`]);
  else {
    expect(closedKinds(report)).toEqual([`ticket:${dealId}`]);
    expect(report.waiting).toContainEqual(expect.objectContaining({ kind: 'order', orderId: offerId }));
  }
}

export async function expiredInProgress(e: Economy, name: string): Promise<void> {
  const { seller, offerId, dealId } = await sellDeal(e, name);
  advance(e, PAYMENT_WINDOW_MINUTES);
  expect((await expireDeals(jobContext(e))).expired).toEqual([dealId]);
  await withdrawOffer(e, seller, offerId);
  expect((await reclaim(e)).closed).toEqual([]);
}

/** Locked and never marked paid: the payment-window job refunds the seller on chain (Expired). */
export async function expiredLocked(e: Economy, name: string): Promise<void> {
  const { seller, offerId, dealId } = await sellDeal(e, name);
  await lock(e, seller, dealId);
  advance(e, PAYMENT_WINDOW_MINUTES);
  const report = await expireDeals(jobContext(e));
  expect(report).toMatchObject({ refunded: [dealId], failed: [] });
  expect((await dealRow(e.t, dealId)).status).toBe(OrderStatus.Expired);
  expect(await usdcOf(e.t, seller.key)).toBe(USDC10);
  await withdrawOffer(e, seller, offerId);
  expect(closedKinds(await reclaim(e))).toEqual([`order:${offerId}`, `ticket:${dealId}`]);
}

/**
 * Released to the buyer by an admin. The buyer has no USDC account yet: the resolution is refused (the platform
 * never opens it) until the buyer opens it from its own wallet.
 */
export async function resolvedToBuyer(e: Economy, name: string): Promise<void> {
  const { seller, buyer, offerId, dealId } = await sellDeal(e, name);
  await lock(e, seller, dealId);
  await dispute(e, buyer, dealId);
  const refused = await resolve(e, dealId, 'buyer');
  expect(refused.statusCode).toBe(409);
  expect(await e.t.chain.connection.getAccountInfo(getAssociatedTokenAddressSync(USDC, buyer.key))).toBeNull();
  await openUsdcAccount(e.t, buyer);
  expect((await resolve(e, dealId, 'buyer')).statusCode).toBe(200);
  expect((await dealRow(e.t, dealId)).status).toBe(OrderStatus.AdminResolved);
  expect(await usdcOf(e.t, buyer.key)).toBeGreaterThan(0n);
  expect(closedKinds(await reclaim(e))).toEqual([`order:${offerId}`, `ticket:${dealId}`]);
}

export async function resolvedToSeller(e: Economy, name: string): Promise<void> {
  const { seller, buyer, offerId, dealId } = await sellDeal(e, name);
  await lock(e, seller, dealId);
  await dispute(e, buyer, dealId);
  expect((await resolve(e, dealId, 'seller')).statusCode).toBe(200);
  expect((await dealRow(e.t, dealId)).status).toBe(OrderStatus.AdminResolved);
  expect(await usdcOf(e.t, seller.key)).toBe(USDC10);
  await withdrawOffer(e, seller, offerId);
  expect(closedKinds(await reclaim(e))).toEqual([`order:${offerId}`, `ticket:${dealId}`]);
}

/**
 * The attack: the seller closes its token account after locking, so that the payment-window refund would re-create
 * it at the platform's expense (and the seller close it again for the rent). The refund waits in escrow until the
 * seller reopens the account itself.
 */
export async function sellerClosedAccountBeforeRefund(e: Economy, name: string): Promise<void> {
  const { seller, offerId, dealId } = await sellDeal(e, name);
  await lock(e, seller, dealId);
  await closeOwnUsdcAccount(e, seller.keypair);
  advance(e, PAYMENT_WINDOW_MINUTES);
  const waiting = await expireDeals(jobContext(e));
  expect(waiting.refunded).toEqual([]);
  expect(waiting.waiting).toEqual([dealId]);
  expect(waiting.failed).toEqual([]);
  expect((await dealRow(e.t, dealId)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);
  await openUsdcAccount(e.t, seller);
  expect((await expireDeals(jobContext(e))).refunded).toEqual([dealId]);
  expect(await usdcOf(e.t, seller.key)).toBe(USDC10);
  await withdrawOffer(e, seller, offerId);
  expect(closedKinds(await reclaim(e))).toEqual([`order:${offerId}`, `ticket:${dealId}`]);
}
