import { describe, expect, it } from 'vitest';
import { type DealTransition, dealTransitionSources, nextDealStatus, statusAfterSignature } from './deal-flow.ts';

describe('deal state machine', () => {
  it.each([
    ['accept', 0, 1],
    ['accept', 1, undefined],
    ['lock', 1, 8],
    ['lock', 0, undefined],
    ['lock', 8, undefined],
    ['sign', 8, 2],
    ['sign', 2, 3],
    ['sign', 1, undefined],
    ['cancel', 0, 4],
    ['cancel', 1, 4],
    ['cancel', 8, 4],
    ['cancel', 2, undefined],
    ['cancel', 3, undefined],
    ['supportRequest', 1, 5],
    ['supportRequest', 8, 5],
    ['supportRequest', 2, 5],
    ['supportRequest', 3, undefined],
    ['adminResolve', 5, 6],
    ['adminResolve', 8, 6],
    ['adminResolve', 2, 6],
    ['adminResolve', 6, undefined],
    ['adminResolve', 4, undefined],
  ] as const)('%s from %i → %s', (transition, from, to) => {
    expect(nextDealStatus(transition as DealTransition, from)).toBe(to);
  });

  it('lists the source statuses for conditional updates', () => {
    expect(dealTransitionSources('cancel').sort()).toEqual([0, 1, 8]);
    expect(dealTransitionSources('sign').sort()).toEqual([2, 8]);
  });

  it.each([
    [8, 2],
    [2, 3],
    [1, 3],
  ])('a signature on status %i sets %i (as the source does)', (from, to) => {
    expect(statusAfterSignature(from)).toBe(to);
  });
});
