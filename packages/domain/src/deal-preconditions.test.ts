import { describe, expect, it } from 'vitest';
import { checkCancel, checkCancelAfterLock, checkCryptoSideLock, checkLock, checkLockOnClaim, checkSign } from './deal-preconditions.ts';

const C = 'CreatorWallet111111111111111111111111111111';
const A = 'AcceptorWallet11111111111111111111111111111';
const X = 'Stranger111111111111111111111111111111111111';

const order = (status: number, offerSide: number, acceptorWallet: string | null = A) => ({
  creatorWallet: C,
  acceptorWallet,
  offerSide,
  status,
});

const err = (error: string) => ({ ok: false, error });
const ok = (value?: unknown) => ({ ok: true, value });

describe('checkLock (Sell offer, creator locks)', () => {
  it.each([
    ['ok', order(1, 0), C, 10n, ok()],
    ['no wallet', order(1, 0), null, 10n, err('Connect wallet to lock order')],
    ['no counterparty', order(1, 0, null), C, 10n, err('No counterparty yet')],
    ['zero amount', order(1, 0), C, 0n, err('Invalid amount to lock')],
    ['negative amount', order(1, 0), C, -5n, err('Invalid amount to lock')],
    ['acceptor calls', order(1, 0), A, 10n, err('Lock not available for this order')],
    ['Buy offer', order(1, 1), C, 10n, err('Lock not available for this order')],
    ['already locked', order(8, 0), C, 10n, err('Lock not available for this order')],
    ['Active', order(0, 0), C, 10n, err('Lock not available for this order')],
  ] as const)('%s', (_name, o, wallet, amount, expected) => {
    expect(checkLock(o, wallet, amount)).toEqual(expected);
  });
});

describe('checkLockOnClaim (Buy offer, acceptor locks while claiming)', () => {
  it.each([
    ['ok', order(1, 1), A, 10n, ok()],
    ['creator calls', order(1, 1), C, 10n, err('Lock not available for this order')],
    ['Sell offer', order(1, 0), A, 10n, err('Lock not available for this order')],
    ['no counterparty', order(1, 1, null), A, 10n, err('No counterparty yet')],
    ['zero amount', order(1, 1), A, 0n, err('Invalid amount to lock')],
    ['self-claim', order(1, 1, C), C, 10n, err('Lock not available for this order')],
  ] as const)('%s', (_name, o, wallet, amount, expected) => {
    expect(checkLockOnClaim(o, wallet, amount)).toEqual(expected);
  });

  it('checkCryptoSideLock picks the rule by offer side', () => {
    expect(checkCryptoSideLock(order(1, 0), C, 1n).ok).toBe(true);
    expect(checkCryptoSideLock(order(1, 0), A, 1n).ok).toBe(false);
    expect(checkCryptoSideLock(order(1, 1), A, 1n).ok).toBe(true);
    expect(checkCryptoSideLock(order(1, 1), C, 1n).ok).toBe(false);
  });
});

describe('cancel', () => {
  it.each([
    ['fiat side of Sell offer', order(8, 0), A, ok()],
    ['fiat side of Buy offer', order(8, 1), C, ok()],
    ['crypto side', order(8, 0), C, err('Only fiat side can cancel after lock')],
    ['stranger', order(8, 0), X, err('Only fiat side can cancel after lock')],
    ['no acceptor', order(8, 0, null), C, err('Counterparties not set')],
    ['already signed', order(2, 0), A, err('Cannot cancel order at this stage')],
  ] as const)('after lock: %s', (_name, o, wallet, expected) => {
    expect(checkCancelAfterLock(o, wallet)).toEqual(expected);
  });

  it.each([
    ['Active by creator', order(0, 0, null), C, ok('database')],
    ['Active by other', order(0, 0, null), X, err('Unauthorized action')],
    ['InProgress by acceptor', order(1, 1), A, ok('database')],
    ['InProgress by creator', order(1, 1), C, ok('database')],
    ['InProgress by stranger', order(1, 1), X, err('Unauthorized action')],
    ['Locked by fiat side', order(8, 1), C, ok('onchain')],
    ['Locked by crypto side', order(8, 1), A, err('Only fiat side can cancel after lock')],
    ['Signed', order(2, 1), C, err('Cannot cancel order at this stage')],
    ['Completed', order(3, 1), C, err('Cannot cancel order at this stage')],
    ['AdminResolving', order(5, 1), C, err('Cannot cancel order at this stage')],
  ] as const)('%s', (_name, o, wallet, expected) => {
    expect(checkCancel(o, wallet)).toEqual(expected);
  });
});

describe('checkSign', () => {
  it.each([
    ['fiat side signs a locked Sell deal', order(8, 0), A, ok(2)],
    ['crypto side confirms a Sell deal', order(2, 0), C, ok(3)],
    ['fiat side signs a locked Buy deal', order(8, 1), C, ok(2)],
    ['crypto side confirms a Buy deal', order(2, 1), A, ok(3)],
    ['no fiat participant (Sell offer without acceptor)', order(8, 0, null), C, err('Missing fiat participant')],
    ['no crypto participant (Buy offer without acceptor)', order(8, 1, null), C, err('Counterparties not set')],
    ['crypto side first', order(8, 0), C, err('Unauthorized action')],
    ['fiat side twice', order(2, 0), A, err('Race condition detected - operation already performed')],
    ['stranger', order(8, 0), X, err('Unauthorized action')],
    ['before lock', order(1, 0), A, err('Crypto Guy must lock first')],
    ['completed', order(3, 0), A, err('Order already completed')],
    ['cancelled', order(4, 0), A, err('Order already cancelled')],
  ] as const)('%s', (_name, o, wallet, expected) => {
    expect(checkSign(o, wallet)).toEqual(expected);
  });
});
