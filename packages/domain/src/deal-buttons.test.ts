import { describe, expect, it } from 'vitest';
import { adminResolveState, cancelKind, dealActions } from './deal-buttons.ts';
import { isChatClosed } from './deal-lifecycle.ts';

const C = 'CreatorWallet111111111111111111111111111111';
const A = 'AcceptorWallet11111111111111111111111111111';
const X = 'Stranger111111111111111111111111111111111111';

const order = (status: number, offerSide: number, acceptorWallet: string | null = A) => ({
  creatorWallet: C,
  acceptorWallet,
  offerSide,
  status,
});

describe('Cancel button', () => {
  it.each([
    // status, offerSide, viewer, expected
    [0, 0, C, 'database'],
    [0, 1, C, 'database'],
    [0, 0, A, false],
    [1, 0, C, 'database'],
    [1, 0, A, 'database'],
    [1, 1, C, 'database'],
    [1, 1, A, 'database'],
    [1, 0, X, false],
    // Locked: fiat side only. Sell offer → acceptor is fiat; Buy offer → creator is fiat.
    [8, 0, A, 'onchain'],
    [8, 0, C, false],
    [8, 1, C, 'onchain'],
    [8, 1, A, false],
    [2, 0, A, false],
    [3, 0, C, false],
    [4, 0, C, false],
    [5, 0, A, false],
    [6, 0, A, false],
    [7, 0, C, false],
  ] as const)('status %i, offerSide %i, viewer %s → %s', (status, offerSide, viewer, expected) => {
    expect(cancelKind(order(status, offerSide), viewer)).toBe(expected);
    expect(dealActions(order(status, offerSide), viewer).canCancel).toBe(expected);
  });

  it('needs a wallet', () => {
    expect(cancelKind(order(0, 0), null)).toBe(false);
  });
});

describe('Lock button', () => {
  it.each([
    [1, 0, C, true],
    [1, 0, A, false],
    [1, 1, C, false],
    [1, 1, A, false],
    [0, 0, C, false],
    [8, 0, C, false],
    [2, 0, C, false],
  ] as const)('status %i, offerSide %i, viewer %s → %s', (status, offerSide, viewer, expected) => {
    expect(dealActions(order(status, offerSide), viewer).showLock).toBe(expected);
  });
});

describe('Mark as Paid button', () => {
  it.each([
    // Sell offer: creator crypto, acceptor fiat
    [8, 0, A, true],
    [8, 0, C, false],
    [2, 0, C, true],
    [2, 0, A, false],
    // Buy offer: creator fiat, acceptor crypto
    [8, 1, C, true],
    [8, 1, A, false],
    [2, 1, A, true],
    [2, 1, C, false],
    [1, 1, C, false],
    [3, 1, C, false],
    [8, 1, X, false],
  ] as const)('status %i, offerSide %i, viewer %s → %s', (status, offerSide, viewer, expected) => {
    expect(dealActions(order(status, offerSide), viewer).showMarkAsPaid).toBe(expected);
  });
});

describe('hidden buttons and chat', () => {
  it.each([3, 4, 5])('status %i hides every action for both parties', (status) => {
    for (const viewer of [C, A]) {
      for (const offerSide of [0, 1]) {
        const actions = dealActions(order(status, offerSide), viewer);
        expect([actions.canCancel, actions.showLock, actions.showMarkAsPaid, actions.showSupportRequest]).toEqual([
          false,
          false,
          false,
          false,
        ]);
      }
    }
  });

  it.each([
    [0, false],
    [1, false],
    [2, false],
    [3, true],
    [4, true],
    [5, false],
    [6, false],
    [7, false],
    [8, false],
  ])('chat closed for status %i: %s', (status, closed) => {
    expect(isChatClosed(status)).toBe(closed);
    expect(dealActions(order(status, 0), C).chatClosed).toBe(closed);
  });

  it.each([
    [1, C, true],
    [8, A, true],
    [2, C, true],
    [0, C, false],
    [6, C, false],
    [8, X, false],
  ] as const)('support request at status %i for %s → %s', (status, viewer, shown) => {
    expect(dealActions(order(status, 0), viewer).showSupportRequest).toBe(shown);
  });

  it('reports the viewer role', () => {
    const actions = dealActions(order(8, 0), A);
    expect(actions).toMatchObject({ role: 'fiat', isAcceptor: true, isCreator: false });
    expect(dealActions(order(8, 0), C)).toMatchObject({ role: 'crypto', isCreator: true, isAcceptor: false });
    expect(dealActions(order(8, 0), null).role).toBeNull();
  });
});

describe('admin resolve', () => {
  it.each([
    [8, true, undefined],
    [2, true, undefined],
    [5, true, undefined],
    [6, false, 'Order already resolved by admin.'],
    [3, false, 'Order already completed'],
    [4, false, 'Order already cancelled'],
    [1, false, 'No tokens are locked for this order'],
    [0, false, 'No tokens are locked for this order'],
  ])('status %i → enabled %s', (status, enabled, reason) => {
    expect(adminResolveState(status)).toEqual(reason ? { enabled, reason } : { enabled });
  });
});
