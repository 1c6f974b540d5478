import { describe, expect, it } from 'vitest';
import {
  ACTIONS_HIDDEN_STATUSES,
  COUNTDOWN_STATUSES,
  DEAL_ACTIONS,
  DEAL_STATUS_GROUPS,
  type DealAction,
  type DealActor,
  ESCROW_STATUSES,
  FINAL_STATUSES,
  UNDERWAY_STATUSES,
  actionSources,
  dealActorsOf,
  dealStatusGroup,
  dealStatusRules,
  decideDealAction,
  isChatClosed,
} from './deal-lifecycle.ts';
import { ORDER_STATUSES, OrderStatus } from './order-status.ts';

const S = OrderStatus;
const ACTIONS = Object.keys(DEAL_ACTIONS) as DealAction[];
const ACTORS: DealActor[] = ['creator', 'acceptor', 'fiat', 'crypto', 'party', 'visitor', 'admin', 'system'];

describe('status rules', () => {
  it.each([
    [S.Active, 'open', true, false, false, true, null],
    [S.InProgress, 'open', true, false, true, true, 'processing'],
    [S.CryptoGuyLockedCrypto, 'escrow', true, true, true, true, 'processing'],
    [S.SignedByOneParty, 'escrow', true, true, false, true, 'processing'],
    [S.AdminResolving, 'escrow', true, true, false, false, 'processing'],
    [S.Completed, 'final', false, false, false, false, 'completed'],
    [S.Cancelled, 'final', false, false, false, false, 'cancelled'],
    [S.AdminResolved, 'final', true, false, false, true, 'completed'],
    [S.Expired, 'final', true, false, false, true, 'cancelled'],
  ] as const)('status %i: %s, chat %s, escrow %s, countdown %s, buttons %s, tab %s', (status, phase, chatOpen, tokensInEscrow, countdownRuns, partyButtons, group) => {
    expect(dealStatusRules(status)).toEqual({ phase, chatOpen, tokensInEscrow, countdownRuns, partyButtons, group });
    expect(dealStatusGroup(status)).toBe(group);
    expect(isChatClosed(status)).toBe(!chatOpen);
  });

  it('covers every status and nothing else', () => {
    expect(ORDER_STATUSES.every((status) => dealStatusRules(status))).toBe(true);
    expect(dealStatusRules(9)).toBeUndefined();
    expect(dealStatusRules(-1)).toBeUndefined();
  });

  it('derives the status sets in lifecycle order', () => {
    expect(FINAL_STATUSES).toEqual([S.Completed, S.Cancelled, S.AdminResolved, S.Expired]);
    expect(UNDERWAY_STATUSES).toEqual([S.InProgress, S.CryptoGuyLockedCrypto, S.SignedByOneParty, S.AdminResolving]);
    expect(ESCROW_STATUSES).toEqual([S.CryptoGuyLockedCrypto, S.SignedByOneParty, S.AdminResolving]);
    expect(COUNTDOWN_STATUSES).toEqual([S.InProgress, S.CryptoGuyLockedCrypto]);
    expect(ACTIONS_HIDDEN_STATUSES).toEqual([S.AdminResolving, S.Completed, S.Cancelled]);
    expect(actionSources('supportRequest')).toEqual([S.InProgress, S.CryptoGuyLockedCrypto, S.SignedByOneParty]);
    expect(actionSources('adminResolve', { via: 'chain' })).toEqual(ESCROW_STATUSES);
    expect(DEAL_STATUS_GROUPS).toEqual({
      processing: [S.InProgress, S.CryptoGuyLockedCrypto, S.SignedByOneParty, S.AdminResolving],
      completed: [S.Completed, S.AdminResolved],
      cancelled: [S.Cancelled, S.Expired],
    });
  });

  it('puts every deal status in exactly one dashboard tab, and an offer\'s Active in none', () => {
    const grouped = Object.values(DEAL_STATUS_GROUPS).flat();
    expect([...grouped].sort()).toEqual(ORDER_STATUSES.filter((s) => s !== S.Active).sort());
    expect(new Set(grouped).size).toBe(grouped.length);
    expect(dealStatusGroup(9)).toBeNull();
  });
});

// The whole table written out: [action, from, actor] → the resulting status; every other combination is refused.
const ALLOWED: ReadonlyArray<[DealAction, OrderStatus, DealActor, OrderStatus]> = [
  ['claim', S.Active, 'visitor', S.InProgress],
  ['lock', S.InProgress, 'crypto', S.CryptoGuyLockedCrypto],
  ['sign', S.CryptoGuyLockedCrypto, 'fiat', S.SignedByOneParty],
  ['sign', S.SignedByOneParty, 'crypto', S.Completed],
  ['cancel', S.Active, 'creator', S.Cancelled],
  ['cancel', S.InProgress, 'party', S.Cancelled],
  ['cancel', S.CryptoGuyLockedCrypto, 'fiat', S.Cancelled],
  ['supportRequest', S.InProgress, 'party', S.AdminResolving],
  ['supportRequest', S.CryptoGuyLockedCrypto, 'party', S.AdminResolving],
  ['supportRequest', S.SignedByOneParty, 'party', S.AdminResolving],
  ['adminResolve', S.CryptoGuyLockedCrypto, 'admin', S.AdminResolved],
  ['adminResolve', S.SignedByOneParty, 'admin', S.AdminResolved],
  ['adminResolve', S.AdminResolving, 'admin', S.AdminResolved],
  ['adminResolve', S.InProgress, 'admin', S.Cancelled],
  ['expire', S.InProgress, 'system', S.Expired],
  ['expire', S.CryptoGuyLockedCrypto, 'system', S.Expired],
];

const REFUSALS: Readonly<Record<DealAction, (status: OrderStatus, hasStep: boolean) => string>> = {
  claim: (_s, hasStep) => (hasStep ? 'You cannot claim your own offer.' : 'This offer is no longer active.'),
  lock: () => 'Lock not available for this order',
  sign: (status, hasStep) =>
    hasStep
      ? status === S.SignedByOneParty ? 'Race condition detected - operation already performed' : 'Unauthorized action'
      : status === S.InProgress ? 'Crypto Guy must lock first'
      : status === S.Completed ? 'Order already completed'
      : status === S.Cancelled ? 'Order already cancelled'
      : 'Unauthorized action',
  cancel: (status, hasStep) =>
    hasStep
      ? status === S.CryptoGuyLockedCrypto ? 'Only fiat side can cancel after lock' : 'Unauthorized action'
      : 'Cannot cancel order at this stage',
  supportRequest: (_s, hasStep) =>
    hasStep ? 'Only the two parties of this deal can do this.' : 'A support request can be opened only for a deal in progress.',
  adminResolve: (status, hasStep) =>
    hasStep ? 'Unauthorized action'
      : status === S.AdminResolved ? 'Order already resolved by admin.'
      : status === S.Completed ? 'Order already completed'
      : status === S.Cancelled ? 'Order already cancelled'
      : status === S.Expired ? 'This deal has expired.'
      : 'No tokens are locked for this order',
  expire: (_s, hasStep) => (hasStep ? 'Unauthorized action' : 'This deal has expired.'),
};

const cases = ACTIONS.flatMap((action) =>
  ORDER_STATUSES.flatMap((status) => ACTORS.map((actor) => [action, status, actor] as const)),
);

describe('actions: every status × action × actor', () => {
  it.each(cases)('%s from %i by %s', (action, status, actor) => {
    const allowed = ALLOWED.find(([a, from, by]) => a === action && from === status && by === actor);
    const hasStep = ALLOWED.some(([a, from]) => a === action && from === status);
    expect(decideDealAction(action, status, [actor])).toEqual(
      allowed
        ? { ok: true, step: expect.objectContaining({ from: status, by: actor, to: allowed[3] }) as unknown }
        : { ok: false, message: REFUSALS[action](status, hasStep) },
    );
  });

  it('the admin resolving a deal under review with tokens in escrow resolves it on chain', () => {
    expect(decideDealAction('adminResolve', S.AdminResolving, ['admin'])).toMatchObject({
      ok: true,
      step: { to: S.AdminResolved, via: 'chain' },
    });
  });
});

describe('dealActorsOf', () => {
  const sell = { creatorWallet: 'C', acceptorWallet: 'A', offerSide: 0, status: S.InProgress };
  const buy = { ...sell, offerSide: 1 };
  it.each([
    [sell, 'C', ['creator', 'crypto', 'party']],
    [sell, 'A', ['acceptor', 'fiat', 'party']],
    [buy, 'C', ['creator', 'fiat', 'party']],
    [buy, 'A', ['acceptor', 'crypto', 'party']],
    [sell, 'X', ['visitor']],
    [sell, null, []],
    [{ ...sell, acceptorWallet: null }, 'A', ['visitor']],
  ] as const)('%o: %s → %o', (order, wallet, actors) => {
    expect(dealActorsOf(order, wallet)).toEqual(actors);
  });
});
