// A server-built refund never opens a user's token account with the platform's SOL: the seller who closed their
// account after locking (to have the refund re-create it at the admin's expense, and close it again) gets the refund
// only once their own wallet reopens the account. And rent that comes back from a close is credited to the wallet
// and the network address whose lock made the platform pay it.
import { OrderStatus } from '@jelly/domain';
import { findOrderPda, findTicketPda } from '@jelly/escrow';
import { createCloseAccountInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSince, markLedger } from '../../../test/helpers/admin-ledger.ts';
import { USDC, claim, dealRow, getOrder, lockInstruction, offer, openUsdcAccount, submit, trader, usdcOf, userTransaction, type Trader } from '../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { and, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/index.ts';
import { budgetWindow, spentSince } from '../../chain/gate/index.ts';
import { REFUND_WAITS_TITLE } from '../notifications/index.ts';
import { expireDeals } from './expire-deals.ts';
import { reclaimRent } from './reclaim-rent/reclaim-rent.ts';

let t: ChainTestApp;
beforeAll(async () => {
  t = await createChainTestApp();
});
afterAll(async () => {
  await t.close();
});

const WINDOW_MS = 30 * 60_000 + 1_000;
/** The payment-window job, run past the deal's deadline. */
async function runPastDeadline() {
  t.clock.advance(WINDOW_MS);
  try {
    return await expireDeals({ db: t.app.db, chain: t.chain, now: t.clock.now });
  } finally {
    t.clock.advance(-WINDOW_MS);
  }
}

async function lockedDeal(amount: bigint): Promise<{ seller: Trader; dealId: number; offerId: number }> {
  const seller = await trader(t, { usdc: amount });
  const buyer = await trader(t);
  const offerId = await offer(t, seller, 0, amount);
  const dealId = await claim(t, buyer, offerId, amount);
  const deal = await getOrder(t.app, seller, dealId);
  await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
  return { seller, dealId, offerId };
}

describe('the payment-window refund to a seller without a token account', () => {
  it('waits in escrow until the seller reopens the account, and the platform pays only its network fees', async () => {
    const { seller, dealId } = await lockedDeal(4_000_000n);
    const account = getAssociatedTokenAddressSync(USDC, seller.key);
    await sendAndConfirmTransaction(t.chain.connection, new Transaction().add(createCloseAccountInstruction(account, seller.key, seller.key)), [seller.keypair]);
    const mark = await markLedger(t);

    const first = await runPastDeadline();
    expect(first.refunded).not.toContain(dealId);
    // waiting for the seller, not failed: the job logs it at info
    expect(first.waiting).toEqual([dealId]);
    expect(first.failed).toEqual([]);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);
    expect(await t.chain.connection.getAccountInfo(account)).toBeNull();
    // the seller is told once what to do, however often the job retries
    expect((await runPastDeadline()).waiting).toEqual([dealId]);
    const told = await t.app.db.select().from(notifications).where(and(eq(notifications.wallet, seller.wallet.address), eq(notifications.kind, 'refund_waits_for_account')));
    expect(told).toEqual([expect.objectContaining({ title: REFUND_WAITS_TITLE, orderId: dealId })]);

    await openUsdcAccount(t, seller);
    const second = await runPastDeadline();
    expect(second.refunded).toContain(dealId);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.Expired);
    expect(await usdcOf(t, seller.key)).toBe(4_000_000n);
    const ledger = await ledgerSince(t, mark);
    expect(ledger.transactions).toBe(1);
    expect(ledger.cost).toBe(ledger.fees);
  });
});

describe('rent that comes back', () => {
  it('is credited to the wallet and the IP whose lock made the platform pay it', async () => {
    const since = budgetWindow(t.clock.now()).start;
    const ipBefore = await spentSince(t.app.db, { ip: '127.0.0.1' }, since);
    const { seller, dealId, offerId } = await lockedDeal(3_000_000n);
    const ipLocked = await spentSince(t.app.db, { ip: '127.0.0.1' }, since);
    const walletLocked = await spentSince(t.app.db, { wallet: seller.wallet.address }, since);
    const [order] = findOrderPda(BigInt(offerId), t.chain.programId);
    const [ticket] = findTicketPda(order, BigInt(dealId), t.chain.programId);
    const ticketRent = BigInt((await t.chain.connection.getAccountInfo(ticket))?.lamports ?? 0);
    expect(ticketRent).toBeGreaterThan(0n);
    expect(ipLocked.rent - ipBefore.rent).toBe(walletLocked.rent);

    expect((await runPastDeadline()).refunded).toContain(dealId);
    // the deal ended at the job's clock (past the deadline): its ticket is due from then
    const report = await reclaimRent({ db: t.app.db, chain: t.chain, now: () => new Date(t.clock.now().getTime() + WINDOW_MS) });
    expect(report.closed).toContainEqual(expect.objectContaining({ kind: 'ticket', orderId: dealId }));
    const ipAfter = await spentSince(t.app.db, { ip: '127.0.0.1' }, since);
    const walletAfter = await spentSince(t.app.db, { wallet: seller.wallet.address }, since);
    // every lock of this file came from 127.0.0.1: the address gets back all that was closed, the wallet its own
    const closedHere = report.closed.reduce((sum, c) => sum + BigInt(c.lamports), 0n);
    expect(closedHere).toBeGreaterThanOrEqual(ticketRent);
    expect(ipLocked.rent - ipAfter.rent).toBe(closedHere);
    expect(walletLocked.rent - walletAfter.rent).toBe(ticketRent);
  });
});
