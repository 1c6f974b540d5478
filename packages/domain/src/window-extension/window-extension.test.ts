import { describe, expect, it } from 'vitest';
import { NOT_A_PARTY } from '../messages.ts';
import { ORDER_STATUSES, OrderStatus } from '../order-status.ts';
import { COUNTDOWN_STATUSES } from '../deal-lifecycle.ts';
import {
  MAX_WINDOW_EXTENSIONS,
  PAYMENT_WINDOW_NOT_RUNNING,
  WINDOW_EXTENSION_ANSWERED,
  WINDOW_EXTENSION_LIMIT,
  WINDOW_EXTENSION_OWN_REQUEST,
  WINDOW_EXTENSION_PENDING,
  type WindowDeal,
  type WindowExtensionRecord,
  extendedDeadline,
  extensionAnswerRefusal,
  extensionRequestRefusal,
  isWindowExtensionMinutes,
  windowExtensionControls,
} from './index.ts';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const SELLER = 'seller-wallet';
const BUYER = 'buyer-wallet';
const deal = (over: Partial<WindowDeal> = {}): WindowDeal => ({
  status: OrderStatus.InProgress,
  creatorWallet: SELLER,
  acceptorWallet: BUYER,
  paymentDeadline: new Date(NOW.getTime() + 10 * 60_000).toISOString(),
  ...over,
});
const ext = (over: Partial<WindowExtensionRecord> = {}): WindowExtensionRecord => ({
  id: 1,
  requestedBy: BUYER,
  minutes: 30,
  state: 'pending',
  ...over,
});

describe('asking for more time', () => {
  it.each([
    ['a party, window running', deal(), [], BUYER, null],
    ['the other party too', deal(), [], SELLER, null],
    ['a visitor', deal(), [], 'someone-else', NOT_A_PARTY],
    ['nobody signed in', deal(), [], null, NOT_A_PARTY],
    ['deadline reached', deal({ paymentDeadline: NOW.toISOString() }), [], BUYER, PAYMENT_WINDOW_NOT_RUNNING],
    ['no deadline', deal({ paymentDeadline: null }), [], BUYER, PAYMENT_WINDOW_NOT_RUNNING],
    ['a request waiting', deal(), [ext()], SELLER, WINDOW_EXTENSION_PENDING],
    ['one answered', deal(), [ext({ state: 'declined' })], SELLER, null],
    ['two answered', deal(), [ext({ state: 'accepted' }), ext({ id: 2, state: 'declined' })], BUYER, WINDOW_EXTENSION_LIMIT],
  ] as const)('%s', (_name, d, extensions, wallet, message) => {
    expect(extensionRequestRefusal(d, extensions, wallet, NOW)?.message ?? null).toBe(message);
  });

  it.each(ORDER_STATUSES)('status %i: allowed exactly when its countdown runs', (status) => {
    const refusal = extensionRequestRefusal(deal({ status }), [], BUYER, NOW);
    expect(refusal === null).toBe(COUNTDOWN_STATUSES.includes(status));
  });

  it('knows the minutes on offer and the cap', () => {
    expect([10, 15, 30, 45, 60, 0].map(isWindowExtensionMinutes)).toEqual([false, true, true, false, true, false]);
    expect(MAX_WINDOW_EXTENSIONS).toBe(2);
    expect(WINDOW_EXTENSION_LIMIT).toBe('This deal has already had 2 requests for more time.');
  });
});

describe('answering a request', () => {
  it.each([
    ['the other party', deal(), ext(), SELLER, null, null],
    ['the requester', deal(), ext(), BUYER, 'forbidden', WINDOW_EXTENSION_OWN_REQUEST],
    ['a visitor', deal(), ext(), 'x', 'forbidden', NOT_A_PARTY],
    ['already accepted', deal(), ext({ state: 'accepted' }), SELLER, 'conflict', WINDOW_EXTENSION_ANSWERED],
    ['already declined', deal(), ext({ state: 'declined' }), SELLER, 'conflict', WINDOW_EXTENSION_ANSWERED],
    ['too late', deal({ paymentDeadline: new Date(NOW.getTime() - 1).toISOString() }), ext(), SELLER, 'conflict', PAYMENT_WINDOW_NOT_RUNNING],
    ['deal expired', deal({ status: OrderStatus.Expired }), ext(), SELLER, 'conflict', PAYMENT_WINDOW_NOT_RUNNING],
  ] as const)('%s', (_name, d, request, wallet, kind, message) => {
    const refusal = extensionAnswerRefusal(d, request, wallet, NOW);
    expect(refusal).toEqual(kind === null ? null : { kind, message });
  });

  it('an accepted extension adds its minutes to the current deadline', () => {
    expect(extendedDeadline(new Date('2026-05-01T12:10:00Z'), 15).toISOString()).toBe('2026-05-01T12:25:00.000Z');
  });
});

describe('what the header offers', () => {
  it('the requester waits, the other party answers, nobody asks again meanwhile', () => {
    const pending = [ext()];
    expect(windowExtensionControls(deal(), pending, BUYER, NOW)).toEqual({
      canRequest: false,
      toAnswer: undefined,
      awaiting: pending[0],
      remaining: 1,
    });
    expect(windowExtensionControls(deal(), pending, SELLER, NOW)).toEqual({
      canRequest: false,
      toAnswer: pending[0],
      awaiting: undefined,
      remaining: 1,
    });
  });

  it('offers nothing once the window closed, even with a request waiting', () => {
    const closed = deal({ status: OrderStatus.Completed });
    expect(windowExtensionControls(closed, [ext()], SELLER, NOW)).toMatchObject({ canRequest: false, toAnswer: undefined, awaiting: undefined });
  });

  it('offers a request until the cap is reached', () => {
    expect(windowExtensionControls(deal(), [], SELLER, NOW)).toMatchObject({ canRequest: true, remaining: 2 });
    const used = [ext({ state: 'accepted' }), ext({ id: 2, requestedBy: SELLER, state: 'accepted' })];
    expect(windowExtensionControls(deal(), used, SELLER, NOW)).toMatchObject({ canRequest: false, remaining: 0 });
  });
});
