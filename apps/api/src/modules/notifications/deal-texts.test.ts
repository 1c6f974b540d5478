import { OfferSide, OrderStatus } from '@jelly/domain';
import { describe, expect, it } from 'vitest';
import {
  chatMessageNotice,
  offerClaimedNotices,
  paymentWindowEndingNotices,
  statusChangeNotices,
  timeLeftText,
  walletBannedNotice,
  type DealFacts,
} from './deal-texts.ts';

const creator = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const acceptor = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH';
const now = new Date('2030-01-01T12:00:00Z');
const facts = (overrides: Partial<DealFacts> = {}): DealFacts => ({
  orderId: 12,
  offerId: 3,
  creatorWallet: creator,
  acceptorWallet: acceptor,
  offerSide: OfferSide.Buy,
  status: OrderStatus.InProgress,
  tokenName: 'SOL',
  tokenDecimal: 9,
  amount: '1500000000',
  filledQuantity: '0',
  fiatAmountCents: '123456',
  fiatCode: 'USD',
  paymentDeadline: new Date(now.getTime() + 90 * 60_000),
  lockedAt: null,
  ...overrides,
});

describe('deal notification texts', () => {
  it('time left: minutes rounded up, hours past 60, up when past the deadline, none without a timer', () => {
    expect(timeLeftText(new Date(now.getTime() + 61_000), now)).toBe('2 min left');
    expect(timeLeftText(new Date(now.getTime() + 60 * 60_000), now)).toBe('1 h left');
    expect(timeLeftText(new Date(now.getTime() + 125 * 60_000), now)).toBe('2 h 5 min left');
    expect(timeLeftText(new Date(now.getTime() - 1), now)).toBe('time is up');
    expect(timeLeftText(null, now)).toBeNull();
  });

  it('a claimed Buy offer tells its creator (the fiat side) to wait for the lock; amounts and fiat as stored', () => {
    const [notice] = offerClaimedNotices(facts(), now);
    expect(notice).toEqual({
      wallet: creator,
      kind: 'offer_claimed',
      title: 'Offer claimed',
      message: 'HN7cABqL…e4YWrH claimed 1.50 SOL for 1,234.56 USD on your offer #3 (deal #12). The seller locks the SOL in escrow, then you pay: 1 h 30 min left.',
    });
  });

  it('on a Buy offer the lock goes to the creator (fiat side) and the first signature to the acceptor (crypto side)', () => {
    expect(statusChangeNotices(facts({ status: OrderStatus.CryptoGuyLockedCrypto }), now).map((n) => n.wallet)).toEqual([creator]);
    expect(statusChangeNotices(facts({ status: OrderStatus.SignedByOneParty }), now).map((n) => n.wallet)).toEqual([acceptor]);
  });

  it('a cancel after a lock and an expiry after a lock mention the refund; an admin release names the buyer', () => {
    const locked = { lockedAt: now };
    expect(statusChangeNotices(facts({ ...locked, status: OrderStatus.Cancelled }), now)[0]?.message).toBe(
      'Deal #12 (1.50 SOL for 1,234.56 USD) was cancelled. The locked SOL went back to the seller.',
    );
    expect(statusChangeNotices(facts({ ...locked, status: OrderStatus.Expired }), now)[0]?.message).toBe(
      'The payment window of deal #12 (1.50 SOL for 1,234.56 USD) ended before it was paid. The locked SOL were refunded to the seller.',
    );
    const released = statusChangeNotices(facts({ status: OrderStatus.AdminResolved, filledQuantity: '1500000000' }), now);
    expect(released.map((n) => [n.wallet, n.message])).toEqual([
      [creator, 'An admin released 1.50 SOL to the buyer on deal #12.'],
      [acceptor, 'An admin released 1.50 SOL to the buyer on deal #12.'],
    ]);
    expect(statusChangeNotices(facts({ status: OrderStatus.Active }), now)).toEqual([]);
  });

  it("an admin's resolution carries the admin's reason (a refund, a release, a cancel of a deal never locked)", () => {
    const note = { resolutionReason: '  The bank statement shows no payment.  ' };
    const refunded = statusChangeNotices(facts({ status: OrderStatus.AdminResolved, lockedAt: now }), now, note);
    expect(refunded.map((n) => n.message)).toEqual([
      'An admin refunded 1.50 SOL to the seller on deal #12. Reason: The bank statement shows no payment.',
      'An admin refunded 1.50 SOL to the seller on deal #12. Reason: The bank statement shows no payment.',
    ]);
    const released = statusChangeNotices(facts({ status: OrderStatus.AdminResolved, filledQuantity: '1500000000' }), now, note);
    expect(released[0]?.message).toBe('An admin released 1.50 SOL to the buyer on deal #12. Reason: The bank statement shows no payment.');
    expect(statusChangeNotices(facts({ status: OrderStatus.Cancelled }), now, note)[0]?.message).toBe(
      'Deal #12 (1.50 SOL for 1,234.56 USD) was cancelled by an admin. Reason: The bank statement shows no payment.',
    );
    // no reason given: the message as before
    expect(statusChangeNotices(facts({ status: OrderStatus.AdminResolved }), now, { resolutionReason: null })[0]?.message).toBe(
      'An admin refunded 1.50 SOL to the seller on deal #12.',
    );
  });

  it('the payment reminder goes to whoever must act, and to nobody once the window is not running', () => {
    expect(paymentWindowEndingNotices(facts(), now).map((n) => n.wallet)).toEqual([acceptor]);
    expect(paymentWindowEndingNotices(facts({ status: OrderStatus.CryptoGuyLockedCrypto }), now).map((n) => n.wallet)).toEqual([creator]);
    expect(paymentWindowEndingNotices(facts({ status: OrderStatus.SignedByOneParty }), now)).toEqual([]);
  });

  it('chat previews are single-line and cut at 100 characters; a file without caption says so', () => {
    const long = `line one\n${'x'.repeat(200)}`;
    const notice = chatMessageNotice(facts(), acceptor, creator, long, false);
    expect(notice.message.startsWith('HN7cABqL…e4YWrH on deal #12: line one xxx')).toBe(true);
    expect(notice.message.endsWith('…')).toBe(true);
    expect(notice.message.split(': ')[1]).toHaveLength(100);
    expect(chatMessageNotice(facts(), acceptor, creator, '  ', true).message).toBe('HN7cABqL…e4YWrH on deal #12: sent a file');
  });

  it('a ban says until when (UTC) and why', () => {
    expect(walletBannedNotice(creator, 'Chargeback fraud', new Date('2030-01-02T08:30:00Z'))).toEqual({
      wallet: creator,
      kind: 'wallet_banned',
      title: 'Account restricted',
      message: 'Your wallet is banned until 2030-01-02 08:30 UTC. Reason: Chargeback fraud',
    });
  });
});
