// Every legitimate path, with the tokens of every party, the vault and the treasury checked to the base unit,
// and the order's filled/reserved amounts exact after each step.
import { describe, expect, it } from 'vitest';
import type { Keypair } from '@solana/web3.js';
import { Escrow, expectedFee, type Deal } from './helpers/escrow.ts';
import { events } from './helpers/events.ts';

const USDC = 1_000_000n; // 6 decimals

function expectOk(result: { ok: boolean; error?: string; logs: string[] }): void {
  expect(result.ok, `${result.error}\n${result.logs.join('\n')}`).toBe(true);
}

describe('Sell offer, one deal filling it completely', () => {
  it('locks, the fiat side marks paid, the crypto side confirms: net to the buyer, fee to the treasury', () => {
    const escrow = new Escrow({ feeBps: 25 });
    escrow.chain.setTime(1_760_000_000n);
    const seller = escrow.trader(1_000n * USDC);
    const buyer = escrow.trader();
    const offer = 500n * USDC;
    const deal = escrow.sellDeal({ orderId: 41n, ticketId: 9001n, seller, buyer, amount: offer, offerAmount: offer, fiatAmount: 4_650_000n });
    const adminLamports = escrow.chain.lamports(escrow.admin.publicKey);

    const lock = escrow.lock(deal);
    expectOk(lock);
    expect(escrow.balance(seller.publicKey)).toBe(500n * USDC);
    expect(escrow.vaultBalance(41n)).toBe(offer);
    const rent = escrow.chain.rent(253) + escrow.chain.rent(165) + escrow.chain.rent(213);
    // the admin paid the three accounts' rent and the two-signature fee
    expect(escrow.chain.lamports(escrow.admin.publicKey)).toBe(adminLamports - rent - 10_000n);

    const order = escrow.order(41n);
    expect(order).toMatchObject({
      orderId: 41n,
      cryptoAmount: offer,
      filledAmount: 0n,
      reservedAmount: offer,
      openTickets: 1,
      isSellOrder: true,
      status: 'Open',
      dailyFillCount: 1,
      createdAt: 1_760_000_000n,
      lastActionTs: 1_760_000_000n,
      dailyResetTs: 1_760_000_000n - (1_760_000_000n % 86_400n),
    });
    expect(order.creator.equals(seller.publicKey)).toBe(true);
    expect(order.acceptor?.equals(buyer.publicKey)).toBe(true);
    expect(order.cryptoMint.equals(escrow.mint)).toBe(true);
    expect(order.vault.equals(escrow.vault(41n))).toBe(true);
    expect(order.rentPayer.equals(escrow.admin.publicKey)).toBe(true);
    const ticket = escrow.ticket(41n, 9001n);
    expect(ticket).toMatchObject({ ticketId: 9001n, amount: offer, fiatAmount: 4_650_000n, status: 'Locked', firstSigner: 'None' });
    expect(ticket.cryptoGuy.equals(seller.publicKey) && ticket.fiatGuy.equals(buyer.publicKey)).toBe(true);
    expect(ticket.acceptor.equals(buyer.publicKey)).toBe(true);
    const [accepted] = events(lock.logs, escrow.programId);
    expect(accepted?.name).toBe('OfferAccepted');
    expect(accepted?.data).toMatchObject({ orderId: 41n, ticketId: 9001n, amount: offer, fiatAmount: 4_650_000n, reservedAmount: offer, isSellOrder: true });

    escrow.chain.advance(60n);
    const paid = escrow.sign(deal, buyer);
    expectOk(paid);
    expect(escrow.ticket(41n, 9001n)).toMatchObject({ fiatGuySigned: true, cryptoGuySigned: false, firstSigner: 'FiatGuy', status: 'Locked' });
    expect(escrow.vaultBalance(41n)).toBe(offer);
    expect(events(paid.logs, escrow.programId).map((e) => e.name)).toEqual(['TicketSigned']);

    const confirmed = escrow.sign(deal, seller);
    expectOk(confirmed);
    const fee = expectedFee(offer, 25);
    expect(fee).toBe(1_250_000n);
    expect(escrow.balance(buyer.publicKey)).toBe(offer - fee);
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(fee);
    expect(escrow.balance(seller.publicKey)).toBe(500n * USDC);
    expect(escrow.vaultBalance(41n)).toBe(0n);
    expect(escrow.order(41n)).toMatchObject({ filledAmount: offer, reservedAmount: 0n, openTickets: 0, fiatAmount: 4_650_000n });
    expect(escrow.ticket(41n, 9001n)).toMatchObject({ status: 'Settled', cryptoGuySigned: true, fiatGuySigned: true });
    const settled = events(confirmed.logs, escrow.programId);
    expect(settled.map((e) => e.name)).toEqual(['TicketSigned', 'TicketSettled']);
    expect(settled[1]?.data).toMatchObject({ orderId: 41n, ticketId: 9001n, amount: offer, feeAmount: fee, netAmount: offer - fee, totalFilled: offer });
  });
});

describe('Buy offer, partial fills through several tickets', () => {
  it('keeps filled and reserved exact across locks, a settlement in the other signing order, a cancel and a refill', () => {
    const escrow = new Escrow({ feeBps: 25 });
    const buyer = escrow.trader();
    const sellers = [escrow.trader(400n * USDC), escrow.trader(400n * USDC), escrow.trader(400n * USDC)] as const;
    const total = 300n * USDC;
    const deal = (ticketId: bigint, seller: Keypair, amount: bigint): Deal =>
      escrow.buyDeal({ orderId: 77n, ticketId, buyer, seller, amount, offerAmount: total });

    const d1 = deal(1n, sellers[0], 100n * USDC);
    const d2 = deal(2n, sellers[1], 150n * USDC);
    expectOk(escrow.lock(d1));
    expect(escrow.order(77n)).toMatchObject({ reservedAmount: 100n * USDC, filledAmount: 0n, openTickets: 1, isSellOrder: false });
    expectOk(escrow.lock(d2));
    expect(escrow.order(77n)).toMatchObject({ reservedAmount: 250n * USDC, filledAmount: 0n, openTickets: 2 });
    expect(escrow.order(77n).acceptor?.equals(sellers[1].publicKey)).toBe(true);
    expect(escrow.vaultBalance(77n)).toBe(250n * USDC);
    // only 50 are left
    expect(escrow.lock(deal(3n, sellers[2], 50n * USDC + 1n)).code).toBe(6009);

    // ticket 1: the crypto side signs first this time, the fiat side's signature settles
    expectOk(escrow.sign(d1, sellers[0]));
    expect(escrow.ticket(77n, 1n).firstSigner).toBe('CryptoGuy');
    expectOk(escrow.sign(d1, buyer));
    const fee1 = expectedFee(100n * USDC, 25);
    expect(escrow.balance(buyer.publicKey)).toBe(100n * USDC - fee1);
    expect(escrow.order(77n)).toMatchObject({ reservedAmount: 150n * USDC, filledAmount: 100n * USDC, openTickets: 1 });

    // ticket 2: the buyer (fiat side) cancels before paying; seller 2 gets everything back
    const cancel = escrow.cancel(d2);
    expectOk(cancel);
    expect(escrow.balance(sellers[1].publicKey)).toBe(400n * USDC);
    expect(escrow.order(77n)).toMatchObject({ reservedAmount: 0n, filledAmount: 100n * USDC, openTickets: 0 });
    expect(escrow.ticket(77n, 2n).status).toBe('Cancelled');
    expect(events(cancel.logs, escrow.programId)[0]).toMatchObject({
      name: 'TicketCancelled',
      data: { orderId: 77n, ticketId: 2n, amount: 150n * USDC, reservedAmount: 0n },
    });

    // the cancelled amount is available again: the rest of the offer fills
    const d3 = deal(3n, sellers[2], 200n * USDC);
    expectOk(escrow.lock(d3));
    expect(escrow.order(77n)).toMatchObject({ reservedAmount: 200n * USDC, filledAmount: 100n * USDC });
    expect(escrow.lock(deal(4n, sellers[0], 1n)).code).toBe(6009);
    expectOk(escrow.sign(d3, buyer));
    expectOk(escrow.sign(d3, sellers[2]));
    const fee3 = expectedFee(200n * USDC, 25);
    expect(escrow.order(77n)).toMatchObject({ reservedAmount: 0n, filledAmount: total, openTickets: 0 });
    expect(escrow.balance(buyer.publicKey)).toBe(300n * USDC - fee1 - fee3);
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(fee1 + fee3);
    expect(escrow.balance(sellers[0].publicKey)).toBe(300n * USDC);
    expect(escrow.balance(sellers[2].publicKey)).toBe(200n * USDC);
    expect(escrow.vaultBalance(77n)).toBe(0n);
  });
});

describe('fees are floor(amount x bps / 10000), exact for awkward amounts', () => {
  const cases: [bigint, number][] = [
    [1n, 25],
    [399n, 25],
    [400n, 25],
    [123_456_789n, 25],
    [18_446_744_073_709_551_615n, 1000],
    [9_999n, 1],
    [777_777n, 0],
  ];
  it.each(cases)('amount %s at %s bps', (amount, feeBps) => {
    const escrow = new Escrow({ feeBps });
    const seller = escrow.trader(amount);
    const buyer = escrow.trader();
    const deal = escrow.sellDeal({ orderId: 5n, ticketId: 1n, seller, buyer, amount, offerAmount: amount });
    expectOk(escrow.lock(deal));
    expectOk(escrow.sign(deal, buyer));
    const settle = escrow.sign(deal, seller);
    expectOk(settle);
    const fee = expectedFee(amount, feeBps);
    expect(escrow.balance(buyer.publicKey)).toBe(amount - fee);
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(fee);
    expect(escrow.vaultBalance(5n)).toBe(0n);
    const settled = events(settle.logs, escrow.programId).find((e) => e.name === 'TicketSettled');
    expect(settled?.data).toMatchObject({ feeAmount: fee, netAmount: amount - fee });
  });
});

describe('admin resolution', () => {
  function lockedDeal(escrow: Escrow) {
    const seller = escrow.trader(1_000n * USDC);
    const buyer = escrow.trader();
    const deal = escrow.sellDeal({ orderId: 12n, ticketId: 3n, seller, buyer, amount: 250n * USDC + 7n, offerAmount: 600n * USDC });
    expectOk(escrow.lock(deal));
    return { seller, buyer, deal };
  }

  it('releases to the fiat side after a dispute (net to the buyer, fee to the treasury, counted as filled)', () => {
    const escrow = new Escrow({ feeBps: 25 });
    const { seller, buyer, deal } = lockedDeal(escrow);
    expectOk(escrow.sign(deal, buyer)); // buyer says paid, seller disputes
    const result = escrow.resolve(deal, true);
    expectOk(result);
    const fee = expectedFee(deal.amount, 25);
    expect(escrow.balance(buyer.publicKey)).toBe(deal.amount - fee);
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(fee);
    expect(escrow.balance(seller.publicKey)).toBe(1_000n * USDC - deal.amount);
    expect(escrow.vaultBalance(12n)).toBe(0n);
    expect(escrow.order(12n)).toMatchObject({ filledAmount: deal.amount, reservedAmount: 0n, openTickets: 0, fiatAmount: deal.fiatAmount });
    expect(escrow.ticket(12n, 3n).status).toBe('ReleasedByAdmin');
    expect(events(result.logs, escrow.programId)[0]).toMatchObject({
      name: 'AdminResolved',
      data: { releaseToFiatGuy: true, amount: deal.amount, feeAmount: fee, netAmount: deal.amount - fee, totalFilled: deal.amount },
    });
    expect(escrow.resolve(deal, false).code).toBe(6004);
  });

  it('refunds the crypto side in full with no fee; the amount becomes available again', () => {
    const escrow = new Escrow({ feeBps: 25 });
    const { seller, buyer, deal } = lockedDeal(escrow);
    const result = escrow.resolve(deal, false);
    expectOk(result);
    expect(escrow.balance(seller.publicKey)).toBe(1_000n * USDC);
    expect(escrow.balance(buyer.publicKey)).toBe(0n);
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(0n);
    expect(escrow.order(12n)).toMatchObject({ filledAmount: 0n, reservedAmount: 0n, openTickets: 0, fiatAmount: 0n });
    expect(escrow.ticket(12n, 3n).status).toBe('RefundedByAdmin');
    expect(events(result.logs, escrow.programId)[0]).toMatchObject({
      name: 'AdminResolved',
      data: { releaseToFiatGuy: false, amount: deal.amount, feeAmount: 0n, netAmount: deal.amount, totalFilled: 0n },
    });
    // the parties can no longer act on it
    expect(escrow.sign(deal, buyer).code).toBe(6006);
    expect(escrow.cancel(deal).code).toBe(6006);
  });

  it('can resolve after both signatures were recorded without settlement', () => {
    const escrow = new Escrow({ feeBps: 25 });
    const { seller, buyer, deal } = lockedDeal(escrow);
    expectOk(escrow.sign(deal, buyer, false));
    expectOk(escrow.sign(deal, seller, false));
    expect(escrow.vaultBalance(12n)).toBe(deal.amount);
    expectOk(escrow.resolve(deal, false));
    expect(escrow.balance(seller.publicKey)).toBe(1_000n * USDC);
  });
});

describe('deferred settlement', () => {
  it('records a second signature sent without settlement accounts; settle_universal_ticket pays it out', () => {
    const escrow = new Escrow({ feeBps: 30 });
    const seller = escrow.trader(90n * USDC);
    const buyer = escrow.trader();
    const deal = escrow.sellDeal({ orderId: 3n, ticketId: 1n, seller, buyer, amount: 90n * USDC, offerAmount: 90n * USDC });
    expectOk(escrow.lock(deal));
    expect(escrow.settle(deal).code).toBe(6008);
    expectOk(escrow.sign(deal, buyer, false));
    expect(escrow.settle(deal).code).toBe(6008);
    expectOk(escrow.sign(deal, seller, false));
    expect(escrow.ticket(3n, 1n)).toMatchObject({ status: 'Locked', cryptoGuySigned: true, fiatGuySigned: true });
    expect(escrow.vaultBalance(3n)).toBe(90n * USDC);
    expect(escrow.cancel(deal).code).toBe(6007);
    const settle = escrow.settle(deal);
    expectOk(settle);
    const fee = expectedFee(90n * USDC, 30);
    expect(escrow.balance(buyer.publicKey)).toBe(90n * USDC - fee);
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(fee);
    expect(escrow.settle(deal).code).toBe(6005);
  });
});

describe('order lifecycle: cancel and close, rent back to the payer', () => {
  it('cancels an order with no open ticket, refuses locks after it, then closes it and its vault', () => {
    const escrow = new Escrow();
    const seller = escrow.trader(100n * USDC);
    const buyer = escrow.trader();
    const deal = escrow.sellDeal({ orderId: 8n, ticketId: 1n, seller, buyer, amount: 10n * USDC, offerAmount: 100n * USDC });
    expectOk(escrow.lock(deal));
    expect(escrow.cancelOrder(8n, seller).code).toBe(6007); // a ticket is open
    expectOk(escrow.cancel(deal));
    expect(escrow.closeOrder(8n).code).toBe(6017); // still open for locks

    const cancelled = escrow.cancelOrder(8n, seller);
    expectOk(cancelled);
    expect(escrow.order(8n).status).toBe('Cancelled');
    expect(events(cancelled.logs, escrow.programId)[0]).toMatchObject({ name: 'OrderCancelled', data: { orderId: 8n } });
    expect(escrow.cancelOrder(8n, seller).code).toBe(6006);
    expect(escrow.lock({ ...deal, ticketId: 2n }).code).toBe(6006);

    // someone sends tokens straight to the vault: close sweeps them to the treasury
    const vault = escrow.vault(8n);
    escrow.chain.createTokenAccount(escrow.mint, escrow.orderPda(8n), 5n, vault);
    const adminBefore = escrow.chain.lamports(escrow.admin.publicKey);
    const orderRent = escrow.chain.lamports(escrow.orderPda(8n));
    const vaultRent = escrow.chain.lamports(vault);
    const closed = escrow.closeOrder(8n);
    expectOk(closed);
    expect(escrow.chain.account(escrow.orderPda(8n))).toBeNull();
    expect(escrow.chain.account(vault)).toBeNull();
    expect(escrow.chain.lamports(escrow.admin.publicKey)).toBe(adminBefore + orderRent + vaultRent - 5_000n);
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(5n);
    expect(events(closed.logs, escrow.programId)[0]).toMatchObject({ name: 'OrderClosed', data: { orderId: 8n, sweptAmount: 5n } });

    const ticketRent = escrow.chain.lamports(escrow.ticketPda(8n, 1n));
    const before = escrow.chain.lamports(escrow.admin.publicKey);
    expectOk(escrow.closeTicket(8n, 1n));
    expect(escrow.chain.account(escrow.ticketPda(8n, 1n))).toBeNull();
    expect(escrow.chain.lamports(escrow.admin.publicKey)).toBe(before + ticketRent - 5_000n);
  });

  it('closes a completely filled order without cancelling it; the admin may cancel any idle order', () => {
    const escrow = new Escrow();
    const seller = escrow.trader(10n * USDC);
    const buyer = escrow.trader();
    const deal = escrow.sellDeal({ orderId: 9n, ticketId: 1n, seller, buyer, amount: 10n * USDC, offerAmount: 10n * USDC });
    expectOk(escrow.lock(deal));
    expect(escrow.closeTicket(9n, 1n).code).toBe(6017);
    expectOk(escrow.sign(deal, buyer));
    expectOk(escrow.sign(deal, seller));
    expectOk(escrow.closeOrder(9n));
    expect(escrow.chain.account(escrow.orderPda(9n))).toBeNull();

    const other = escrow.sellDeal({ orderId: 10n, ticketId: 1n, seller, buyer, amount: 1n, offerAmount: 5n });
    escrow.chain.createTokenAccount(escrow.mint, seller.publicKey, 5n);
    expectOk(escrow.lock(other));
    expectOk(escrow.cancel(other));
    expectOk(escrow.cancelOrder(10n, escrow.admin));
  });
});

describe('token accounts created on the way', () => {
  it('a buyer and a treasury without token accounts are paid once the settling transaction creates them', async () => {
    const { ensureTokenAccountsInstructions } = await import('../src/client/index.ts');
    const escrow = new Escrow({ feeBps: 25 });
    const seller = escrow.trader(10_000n);
    const buyer = escrow.chain.wallet();
    escrow.chain.setAccount(escrow.treasuryToken, { lamports: 0n, owner: '11111111111111111111111111111111', data: new Uint8Array() });
    const deal = escrow.sellDeal({ orderId: 4n, ticketId: 1n, seller, buyer, amount: 10_000n, offerAmount: 10_000n });
    expectOk(escrow.lock(deal));
    expectOk(escrow.sign(deal, buyer));
    expect(escrow.sign(deal, seller).code).toBe(6013);
    const ensure = ensureTokenAccountsInstructions(escrow.admin.publicKey, escrow.mint, [buyer.publicKey, escrow.treasury.publicKey, buyer.publicKey]);
    expect(ensure).toHaveLength(2);
    expectOk(escrow.chain.send([...ensure, escrow.signInstruction(deal, seller)], [escrow.admin, seller]));
    expect(escrow.balance(buyer.publicKey)).toBe(10_000n - 25n);
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(25n);
  });
});

describe('config', () => {
  it('initialises with the given values and lets the admin hand over to a new admin who co-signs', async () => {
    const escrow = new Escrow({ feeBps: 25, dailyFillLimit: 100, cooldownSeconds: 1 });
    const config = escrow.config();
    expect(config).toMatchObject({ feeBps: 25, dailyFillLimit: 100, cooldownSeconds: 1 });
    expect(config.admin.equals(escrow.admin.publicKey) && config.treasury.equals(escrow.treasury.publicKey)).toBe(true);

    const { updateConfigInstruction } = await import('../src/client/index.ts');
    const next = escrow.chain.wallet();
    const ix = updateConfigInstruction({
      admin: escrow.admin.publicKey,
      newAdmin: next.publicKey,
      treasury: next.publicKey,
      feeBps: 40,
      dailyFillLimit: 7,
      cooldownSeconds: 0,
      programId: escrow.programId,
    });
    const result = escrow.chain.send(ix, [escrow.admin, next]);
    expectOk(result);
    expect(escrow.config()).toMatchObject({ feeBps: 40, dailyFillLimit: 7, cooldownSeconds: 0 });
    expect(escrow.config().admin.equals(next.publicKey)).toBe(true);
    expect(events(result.logs, escrow.programId)[0]).toMatchObject({ name: 'ConfigUpdated', data: { feeBps: 40, dailyFillLimit: 7 } });
    // the old admin no longer co-signs anything
    expect(escrow.chain.send(ix, [escrow.admin, next]).code).toBe(6003);
  });
});
