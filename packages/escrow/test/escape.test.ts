// The ways out without the admin: both parties together at any time, one party alone after the escape deadline,
// the creator of an idle offer; the deadline in the Config (its floor, its setter, configs from before it).
// No transaction here carries the admin's signature, and the admin's lamports never pay for them.
import { describe, expect, it } from 'vitest';
import {
  CONFIG_SIZE_V1,
  DEFAULT_ESCAPE_AFTER_SECONDS,
  MIN_ESCAPE_AFTER_SECONDS,
  findConfigPda,
  setEscapeAfterInstruction,
} from '../src/client/index.ts';
import { Escrow, expectedFee } from './helpers/escrow.ts';
import { escapeOrder, escapeTicket, partiesResolve, setEscapeAfter } from './helpers/escape.ts';

const DEADLINE = BigInt(DEFAULT_ESCAPE_AFTER_SECONDS);

function market() {
  const escrow = new Escrow({ feeBps: 25 });
  const seller = escrow.trader(1_000_000_000n);
  const buyer = escrow.trader(0n);
  const deal = (ticketId: bigint, amount = 100_000_000n) =>
    escrow.sellDeal({ orderId: 7n, ticketId, seller, buyer, amount, offerAmount: 900_000_000n });
  return { escrow, seller, buyer, deal, adminLamports: () => escrow.chain.lamports(escrow.admin.publicKey) };
}

describe('both parties together, no admin', () => {
  it('release: net to the fiat side, fee to the treasury, counted as filled', () => {
    const { escrow, buyer, deal, adminLamports } = market();
    const d = deal(1n);
    expect(escrow.lock(d).ok).toBe(true);
    const admin = adminLamports();
    expect(partiesResolve(escrow, d, true).ok).toBe(true);
    const fee = expectedFee(d.amount, 25);
    expect(escrow.balance(buyer.publicKey)).toBe(d.amount - fee);
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(fee);
    expect(escrow.ticket(7n, 1n).status).toBe('Settled');
    expect(escrow.order(7n)).toMatchObject({ filledAmount: d.amount, reservedAmount: 0n, openTickets: 0 });
    expect(adminLamports()).toBe(admin);
  });

  it('refund: everything back to the crypto side, even after the fiat side signed', () => {
    const { escrow, seller, deal } = market();
    const d = deal(1n);
    expect(escrow.lock(d).ok).toBe(true);
    expect(escrow.sign(d, d.fiatGuy, false).ok).toBe(true);
    expect(partiesResolve(escrow, d, false).ok).toBe(true);
    expect(escrow.balance(seller.publicKey)).toBe(1_000_000_000n);
    expect(escrow.ticket(7n, 1n).status).toBe('Cancelled');
    expect(escrow.order(7n)).toMatchObject({ filledAmount: 0n, reservedAmount: 0n, openTickets: 0 });
  });

  it('refuses one party alone, a stranger in either seat, and a second time', () => {
    const { escrow, deal } = market();
    const d = deal(1n);
    const stranger = escrow.trader();
    expect(escrow.lock(d).ok).toBe(true);
    expect(partiesResolve(escrow, { ...d, fiatGuy: stranger }, true).code).toBe(6019);
    expect(partiesResolve(escrow, { ...d, cryptoGuy: stranger }, false).code).toBe(6019);
    expect(partiesResolve(escrow, d, true).ok).toBe(true);
    expect(partiesResolve(escrow, d, true).code).toBe(6021);
  });
});

describe('one party alone after the deadline', () => {
  it('nobody signed: the crypto side takes the tokens back, from the deadline to the second', () => {
    const { escrow, seller, deal, adminLamports } = market();
    const d = deal(1n);
    expect(escrow.lock(d).ok).toBe(true);
    const lockedAt = escrow.ticket(7n, 1n).updatedAt;
    escrow.chain.setTime(lockedAt + DEADLINE - 1n);
    expect(escapeTicket(escrow, d, seller).code).toBe(6018);
    escrow.chain.setTime(lockedAt + DEADLINE);
    expect(escapeTicket(escrow, d, d.fiatGuy).code).toBe(6019);
    const admin = adminLamports();
    expect(escapeTicket(escrow, d, seller).ok).toBe(true);
    expect(escrow.balance(seller.publicKey)).toBe(1_000_000_000n);
    expect(escrow.vaultBalance(7n)).toBe(0n);
    expect(escrow.ticket(7n, 1n).status).toBe('Cancelled');
    expect(adminLamports()).toBe(admin);
    expect(escapeTicket(escrow, d, seller).code).toBe(6021);
  });

  it('the crypto side signed: the fiat side takes the payout, the fee still to the treasury', () => {
    const { escrow, seller, buyer, deal } = market();
    const d = deal(1n, 123_456_789n);
    expect(escrow.lock(d).ok).toBe(true);
    escrow.chain.advance(1_000n);
    expect(escrow.sign(d, seller, false).ok).toBe(true);
    // the deadline counts from the last action: the signature
    escrow.chain.advance(DEADLINE - 1n);
    expect(escapeTicket(escrow, d, buyer).code).toBe(6018);
    escrow.chain.advance(1n);
    expect(escapeTicket(escrow, d, seller).code).toBe(6019);
    expect(escapeTicket(escrow, d, buyer).ok).toBe(true);
    const fee = expectedFee(d.amount, 25);
    expect(escrow.balance(buyer.publicKey)).toBe(d.amount - fee);
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(fee);
    expect(escrow.ticket(7n, 1n).status).toBe('Settled');
  });

  it('only the fiat side signed (paid, not released): nothing moves alone, both parties still can', () => {
    const { escrow, seller, buyer, deal } = market();
    const d = deal(1n);
    expect(escrow.lock(d).ok).toBe(true);
    expect(escrow.sign(d, buyer, false).ok).toBe(true);
    escrow.chain.advance(DEADLINE * 10n);
    expect(escapeTicket(escrow, d, seller).code).toBe(6020);
    expect(escapeTicket(escrow, d, buyer).code).toBe(6020);
    expect(partiesResolve(escrow, d, true).ok).toBe(true);
  });
});

describe('the offer creator after the deadline', () => {
  it('waits for every deal to end, then takes what the vault holds; the rent goes back to its payer', () => {
    const { escrow, seller, deal } = market();
    const d = deal(1n);
    expect(escrow.lock(d).ok).toBe(true);
    escrow.chain.advance(DEADLINE);
    expect(escapeOrder(escrow, 7n, seller).code).toBe(6017);
    expect(escapeTicket(escrow, d, seller).ok).toBe(true);
    // someone sent tokens to the vault outside a lock
    escrow.chain.createTokenAccount(escrow.mint, escrow.orderPda(7n), 42n, escrow.vault(7n));
    expect(escapeOrder(escrow, 7n, seller).code).toBe(6018);
    escrow.chain.advance(DEADLINE);
    expect(escapeOrder(escrow, 7n, d.fiatGuy).code).toBe(6019);
    const rent = escrow.chain.lamports(escrow.orderPda(7n)) + escrow.chain.lamports(escrow.vault(7n));
    const admin = escrow.chain.lamports(escrow.admin.publicKey);
    expect(escapeOrder(escrow, 7n, seller).ok).toBe(true);
    expect(escrow.balance(seller.publicKey)).toBe(1_000_000_042n);
    expect(escrow.chain.account(escrow.orderPda(7n))).toBeNull();
    expect(escrow.chain.account(escrow.vault(7n))).toBeNull();
    expect(escrow.chain.lamports(escrow.admin.publicKey)).toBe(admin + rent);
    expect(escapeOrder(escrow, 7n, seller).code).toBe(6021);
  });
});

describe('the escape deadline in the Config', () => {
  it('starts at 30 days; only the program authority sets it, never under the floor', () => {
    const { escrow, seller, deal } = market();
    expect(escrow.config().escapeAfterSeconds).toBe(DEFAULT_ESCAPE_AFTER_SECONDS);
    // a program without an upgrade authority (as LiteSVM loads it here) defers to the admin
    expect(setEscapeAfter(escrow, seller, MIN_ESCAPE_AFTER_SECONDS).code).toBe(6003);
    // the client refuses a value under the floor; the program refuses it too
    expect(() => setEscapeAfter(escrow, escrow.admin, MIN_ESCAPE_AFTER_SECONDS - 1)).toThrow(/escapeAfterSeconds/);
    const low = setEscapeAfterInstruction({ authority: escrow.admin.publicKey, escapeAfterSeconds: MIN_ESCAPE_AFTER_SECONDS, programId: escrow.programId });
    low.data.writeUInt32LE(MIN_ESCAPE_AFTER_SECONDS - 1, 8);
    expect(escrow.chain.send(low, [escrow.admin]).code).toBe(6016);
    expect(setEscapeAfter(escrow, escrow.admin, MIN_ESCAPE_AFTER_SECONDS).ok).toBe(true);
    expect(escrow.config().escapeAfterSeconds).toBe(MIN_ESCAPE_AFTER_SECONDS);
    const d = deal(1n);
    expect(escrow.lock(d).ok).toBe(true);
    escrow.chain.advance(BigInt(MIN_ESCAPE_AFTER_SECONDS));
    expect(escapeTicket(escrow, d, seller).ok).toBe(true);
  });

  it('a config from before the field reads as 30 days, and grows when the deadline is set', () => {
    const { escrow, seller, deal } = market();
    const [configKey] = findConfigPda(escrow.programId);
    const current = escrow.chain.account(configKey);
    if (!current) throw new Error('no config');
    const oldRent = escrow.chain.rent(CONFIG_SIZE_V1);
    escrow.chain.setAccount(configKey, { lamports: oldRent, owner: escrow.programId, data: current.data.slice(0, CONFIG_SIZE_V1) });
    expect(escrow.config().escapeAfterSeconds).toBe(DEFAULT_ESCAPE_AFTER_SECONDS);
    const d = deal(1n);
    expect(escrow.lock(d).ok).toBe(true);
    escrow.chain.advance(DEADLINE - 1n);
    expect(escapeTicket(escrow, d, seller).code).toBe(6018);
    expect(setEscapeAfter(escrow, escrow.admin, 2 * MIN_ESCAPE_AFTER_SECONDS).ok).toBe(true);
    const grown = escrow.chain.account(configKey);
    expect(grown?.data.length).toBe(87);
    expect(grown?.lamports).toBe(escrow.chain.rent(87));
    expect(escrow.config()).toMatchObject({ feeBps: 25, escapeAfterSeconds: 2 * MIN_ESCAPE_AFTER_SECONDS });
    expect(escapeTicket(escrow, d, seller).ok).toBe(true);
  });
});
