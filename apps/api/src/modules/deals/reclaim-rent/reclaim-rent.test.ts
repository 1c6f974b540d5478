// Every lamport of rent the admin pays for a deal comes back: on a real localnet, deals go through every ending
// (completed, cancelled after lock, admin resolved both ways, expired after lock, offer cancelled, offer filled);
// the rent-reclamation job then closes every escrow account the admin funded, and the admin's SOL is its starting
// balance minus the network fees of the transactions it paid for, to the lamport.
import { OrderStatus } from '@jelly/domain';
import { findOrderPda, findTicketPda, findVaultPda, type Config } from '@jelly/escrow';
import type { PublicKey } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentReclaims } from '../../../db/schema/index.ts';
import { ledgerSince, markLedger } from '../../../../test/helpers/admin-ledger.ts';
import {
  cancelInstructions,
  claim,
  dealRow,
  escrowConfig,
  getOrder,
  lockInstruction,
  offer,
  postTransaction,
  signInstructions,
  submit,
  trader,
  userTransaction,
  passLockCooldown,
  type Trader,
} from '../../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, createChainWallet, type ChainTestApp } from '../../../../test/helpers/test-chain.ts';
import { errorOf, session, type Session } from '../../orders/testing.ts';
import { DEAL_TICKET_CLOSED } from '../cosigner/ticket-not-reclaimed.ts';
import { expireDeals } from '../expire-deals.ts';
import { reclaimRent, type ReclaimReport } from './reclaim-rent.ts';

const adminWallet = createChainWallet();
let t: ChainTestApp;
let escrow: Config;
let admin: Session;

beforeAll(async () => {
  t = await createChainTestApp({ config: { adminWallets: new Set([adminWallet.address]) } });
  escrow = await escrowConfig(t);
  admin = await session(t.app, adminWallet);
});
afterAll(async () => {
  await t.close();
});

const USDC10 = 10_000_000n;
const ctx = () => ({ db: t.app.db, chain: t.chain, now: t.clock.now });

/** Runs the job until nothing is due (tickets and orders queued by the deals that ended). */
async function reclaimAll(): Promise<ReclaimReport> {
  const report = await reclaimRent(ctx(), { sweep: true });
  expect(report.failed).toEqual([]);
  return report;
}

async function lock(seller: Trader, dealId: number): Promise<void> {
  const deal = await getOrder(t.app, seller, dealId);
  await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
  passLockCooldown(t);
}

async function complete(seller: Trader, buyer: Trader, dealId: number): Promise<void> {
  await lock(seller, dealId);
  await submit(t, buyer, await userTransaction(t, buyer.keypair, signInstructions(t, await getOrder(t.app, buyer, dealId), buyer.key, escrow, false)));
  await submit(t, seller, await userTransaction(t, seller.keypair, signInstructions(t, await getOrder(t.app, seller, dealId), seller.key, escrow, true)));
  expect((await dealRow(t, dealId)).status).toBe(OrderStatus.Completed);
}

async function cancelAfterLock(seller: Trader, buyer: Trader, dealId: number): Promise<void> {
  await lock(seller, dealId);
  await submit(t, buyer, await userTransaction(t, buyer.keypair, cancelInstructions(t, await getOrder(t.app, buyer, dealId), buyer.key)));
  expect((await dealRow(t, dealId)).status).toBe(OrderStatus.Cancelled);
}

async function resolveAfterDispute(seller: Trader, buyer: Trader, dealId: number, releaseTo: 'buyer' | 'seller'): Promise<void> {
  await lock(seller, dealId);
  const dispute = await t.app.inject({
    method: 'POST',
    url: '/api/platform/call-tg-bot',
    headers: buyer.headers,
    payload: { dealId: String(dealId), buyerWallet: null, sellerWallet: null, orderUrl: `http://localhost:8080/swap-chat/${dealId}`, receiver: 'Admin', messageType: 'AdminNotification' },
  });
  expect(dispute.statusCode).toBe(200);
  const resolved = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${dealId}/resolve`, headers: admin.headers, payload: { releaseTo, reason: 'Checked the chat and the payment proof' } });
  expect(resolved.statusCode).toBe(200);
  expect((await dealRow(t, dealId)).status).toBe(OrderStatus.AdminResolved);
}

async function cancelOffer(s: Session, offerId: number): Promise<void> {
  const response = await t.app.inject({ method: 'PUT', url: `/api/orders/update-offers?orderId=${offerId}&orderStatus=4`, headers: s.headers });
  expect(response.statusCode).toBe(200);
}

const exists = async (address: PublicKey) => (await t.chain.connection.getAccountInfo(address, 'confirmed')) !== null;
function escrowAccounts(offerId: number, dealIds: number[]) {
  const [order] = findOrderPda(BigInt(offerId), t.chain.programId);
  const [vault] = findVaultPda(order, t.chain.programId);
  return { order, vault, tickets: dealIds.map((id) => findTicketPda(order, BigInt(id), t.chain.programId)[0]) };
}

describe('the rent-reclamation job', () => {
  it('one complete deal (the whole offer) costs the admin only the network fees of its transactions', async () => {
    const seller = await trader(t, { usdc: USDC10 });
    const buyer = await trader(t);
    const mark = await markLedger(t);
    const offerId = await offer(t, seller, 0, USDC10);
    const dealId = await claim(t, buyer, offerId, USDC10);
    await complete(seller, buyer, dealId);
    const report = await reclaimAll();
    expect(report.closed.map((c) => [c.kind, c.orderId])).toEqual([['ticket', dealId], ['order', offerId]]);
    const ledger = await ledgerSince(t, mark);
    expect(ledger.cost).toBe(ledger.fees);
    // lock, first signature, settling signature (two signatures each: 10,000) + close_ticket, close_order (5,000 each)
    expect(ledger).toEqual({ cost: 40_000n, fees: 40_000n, transactions: 5 });
    const accounts = escrowAccounts(offerId, [dealId]);
    for (const address of [accounts.order, accounts.vault, ...accounts.tickets]) expect(await exists(address)).toBe(false);
  });

  it('one lock → cancel cycle costs the admin only the network fees', async () => {
    const seller = await trader(t, { usdc: 2n * USDC10 });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 2n * USDC10);
    await cancelAfterLock(seller, buyer, await claim(t, buyer, offerId, USDC10)); // the order and vault exist from here
    await reclaimAll();
    const mark = await markLedger(t);
    const dealId = await claim(t, buyer, offerId, USDC10);
    await cancelAfterLock(seller, buyer, dealId);
    const report = await reclaimAll();
    expect(report.closed.map((c) => [c.kind, c.orderId])).toEqual([['ticket', dealId]]);
    const ledger = await ledgerSince(t, mark);
    expect(ledger.cost).toBe(ledger.fees);
    // lock and cancel (10,000 each) + close_ticket (5,000)
    expect(ledger).toEqual({ cost: 25_000n, fees: 25_000n, transactions: 3 });
  });

  it('through every ending: the admin gets back every lamport of rent, no escrow account of a finished deal remains', async () => {
    const alice = await trader(t, { usdc: 5n * USDC10 });
    const bob = await trader(t);
    const carol = await trader(t, { usdc: USDC10 });
    const dave = await trader(t, { usdc: 2n * USDC10 });
    const mark = await markLedger(t);

    const offerA = await offer(t, alice, 0, 5n * USDC10);
    const dealsA = [];
    for (let i = 0; i < 5; i++) dealsA.push(await claim(t, bob, offerA, USDC10));
    const [completed, cancelled, released, refunded, expired] = dealsA as [number, number, number, number, number];
    await complete(alice, bob, completed); // bob's token account is created here, paid by alice
    await cancelAfterLock(alice, bob, cancelled);
    await resolveAfterDispute(alice, bob, released, 'buyer');
    await resolveAfterDispute(alice, bob, refunded, 'seller');
    await lock(alice, expired);
    await cancelOffer(alice, offerA); // offer cancelled: the admin cancels the order on chain, then closes it

    const offerB = await offer(t, carol, 0, USDC10); // offer filled by one deal
    const filled = await claim(t, bob, offerB, USDC10);
    await complete(carol, bob, filled);

    // a Buy offer: dave (the acceptor) is the crypto side; one deal completes, the offer stays open with no order
    const offerC = await offer(t, bob, 1, USDC10);
    const buyDeal = await claim(t, dave, offerC, USDC10);
    await lock(dave, buyDeal);
    await submit(t, bob, await userTransaction(t, bob.keypair, signInstructions(t, await getOrder(t.app, bob, buyDeal), bob.key, escrow, false)));
    await submit(t, dave, await userTransaction(t, dave.keypair, signInstructions(t, await getOrder(t.app, dave, buyDeal), dave.key, escrow, true)));

    // last (the clock moves on): the locked deal on the cancelled offer expires and is refunded on chain
    t.clock.advance(31 * 60_000);
    expect((await expireDeals(ctx())).refunded).toContain(expired);
    expect((await dealRow(t, expired)).status).toBe(OrderStatus.Expired);

    // two replicas at once: each row is worked by one of them, nothing fails
    const [first, second] = await Promise.all([reclaimRent(ctx(), { sweep: true }), reclaimRent(ctx(), { sweep: true })]);
    expect([...first.failed, ...second.failed]).toEqual([]);
    const closed = [...first.closed, ...second.closed].map((c) => `${c.kind}:${c.orderId}`).sort();
    expect(closed).toEqual(
      [...dealsA.map((id) => `ticket:${id}`), `ticket:${filled}`, `ticket:${buyDeal}`, `order:${offerA}`, `order:${offerB}`, `order:${offerC}`].sort(),
    );

    const ledger = await ledgerSince(t, mark);
    expect(ledger.cost).toBe(ledger.fees);
    for (const [offerId, deals] of [[offerA, dealsA], [offerB, [filled]], [offerC, [buyDeal]]] as const) {
      const accounts = escrowAccounts(offerId, [...deals]);
      for (const address of [accounts.order, accounts.vault, ...accounts.tickets]) expect(await exists(address)).toBe(false);
    }

    // idempotent: another run (and its sweep) finds nothing to close and spends nothing
    const again = await markLedger(t);
    const rerun = await reclaimAll();
    expect(rerun.closed).toEqual([]);
    expect((await ledgerSince(t, again)).cost).toBe(0n);
  });

  it('an offer still open keeps its order; a lock is never co-signed for a deal whose ticket was queued for closing', async () => {
    const seller = await trader(t, { usdc: 2n * USDC10 });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 2n * USDC10);
    await cancelAfterLock(seller, buyer, await claim(t, buyer, offerId, USDC10));
    const report = await reclaimAll();
    expect(report.waiting).toContainEqual(expect.objectContaining({ kind: 'order', orderId: offerId }));
    expect(await exists(escrowAccounts(offerId, []).order)).toBe(true);

    const dealId = await claim(t, buyer, offerId, USDC10);
    await t.app.db.insert(rentReclaims).values({ kind: 'ticket', orderId: dealId, state: 'done', nextAttemptAt: t.clock.now(), createdAt: t.clock.now(), updatedAt: t.clock.now() });
    const deal = await getOrder(t.app, seller, dealId);
    const response = await postTransaction(t.app, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    expect(errorOf(response)).toMatchObject({ status: 409, message: DEAL_TICKET_CLOSED });
    await t.app.db.delete(rentReclaims).where(eq(rentReclaims.orderId, dealId));
  });
});
