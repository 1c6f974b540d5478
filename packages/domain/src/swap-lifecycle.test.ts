import { describe, expect, it } from 'vitest';
import {
  SWAP_AWAITING_CHAIN,
  SWAP_MOVES,
  SWAP_STATUSES,
  SWAP_STATUS_FILTERS,
  SWAP_STATUS_TABLE,
  SwapStatus,
  type SwapMoveName,
  adminSwapMoveTo,
  decideAdminSwapMove,
  adminSwapTargets,
  isFinalSwapStatus,
  isSwapStatus,
  nextSwapStatus,
  swapStatusFilterValue,
  swapStatusLabel,
} from './swap-lifecycle.ts';

const { Processing, Completed, Failed } = SwapStatus;
const MOVES = Object.keys(SWAP_MOVES) as SwapMoveName[];

describe('swap status rules', () => {
  it.each([
    [Processing, 'Processing', false],
    [Completed, 'Completed', true],
    [Failed, 'Failed', true],
  ] as const)('status %i is %s, final %s', (status, label, final) => {
    expect(swapStatusLabel(status)).toBe(label);
    expect(isFinalSwapStatus(status)).toBe(final);
    expect(isSwapStatus(status)).toBe(true);
  });

  it('covers every status once, in lifecycle order, and nothing else', () => {
    expect(SWAP_STATUSES).toEqual([Processing, Completed, Failed]);
    expect([...SWAP_STATUS_TABLE.keys()].sort()).toEqual(Object.values(SwapStatus).sort());
    for (const other of [3, -1, 0.5, '0', null]) {
      expect(isSwapStatus(other)).toBe(false);
      expect(swapStatusLabel(other)).toBe('Unknown');
      expect(isFinalSwapStatus(other)).toBe(false);
    }
  });

  it('derives the list filters and the records the chain may still move', () => {
    expect(SWAP_STATUS_FILTERS).toEqual(['All', 'Processing', 'Completed', 'Failed']);
    expect(SWAP_STATUS_FILTERS.map(swapStatusFilterValue)).toEqual([undefined, Processing, Completed, Failed]);
    expect(SWAP_AWAITING_CHAIN).toEqual([Processing]);
  });
});

// The whole table written out: [move, from] → the resulting status; every other combination is refused.
const ALLOWED: ReadonlyArray<[SwapMoveName, SwapStatus, SwapStatus]> = [
  ['landed', Processing, Completed],
  ['failed_on_chain', Processing, Failed],
  ['never_landed', Processing, Failed],
  ['refused_at_simulation', Processing, Failed],
  ['admin_complete', Processing, Completed],
  ['admin_complete', Failed, Completed],
  ['admin_fail', Processing, Failed],
];

describe('swap moves', () => {
  const cases = MOVES.flatMap((move) => SWAP_STATUSES.map((from) => [move, from] as const));
  it.each(cases)('%s from status %i', (move, from) => {
    const allowed = ALLOWED.find(([m, f]) => m === move && f === from);
    expect(nextSwapStatus(from, move)).toBe(allowed ? allowed[2] : null);
  });

  it.each(MOVES)('%s changes the status and ends in a final one', (move) => {
    const { from, to } = SWAP_MOVES[move];
    expect(from).not.toContain(to);
    expect(isFinalSwapStatus(to)).toBe(true);
  });

  it('moves nothing out of Completed: the chain settled it, and no word undoes that', () => {
    expect(MOVES.filter((move) => nextSwapStatus(Completed, move) !== null)).toEqual([]);
  });

  it('lets only an admin move a final record (a failed swap later paid by hand)', () => {
    for (const move of MOVES) {
      const leavesFinal = SWAP_MOVES[move].from.some(isFinalSwapStatus);
      expect(leavesFinal && SWAP_MOVES[move].actor !== 'admin').toBe(false);
    }
  });

  it.each([
    [Processing, [Completed, Failed]],
    [Completed, []],
    [Failed, [Completed]],
  ] as const)('an admin may move status %i to %j', (from, targets) => {
    expect(adminSwapTargets(from)).toEqual(targets);
  });

  it.each([
    [Processing, undefined],
    [Completed, 'admin_complete'],
    [Failed, 'admin_fail'],
  ] as const)('the admin move that sets status %i is %s', (to, move) => {
    expect(adminSwapMoveTo(to)).toBe(move);
  });

  // [from, to] → the admin's move, or the sentence that refuses it
  it.each([
    [Processing, Completed, { ok: true, move: 'admin_complete' }],
    [Processing, Failed, { ok: true, move: 'admin_fail' }],
    [Failed, Completed, { ok: true, move: 'admin_complete' }],
    [Processing, Processing, { ok: false, message: 'This swap is already Processing.' }],
    [Completed, Completed, { ok: false, message: 'This swap is already Completed.' }],
    [Failed, Failed, { ok: false, message: 'This swap is already Failed.' }],
    [Completed, Failed, { ok: false, message: 'A Completed swap cannot be marked Failed.' }],
    [Completed, Processing, { ok: false, message: 'A swap cannot be set back to Processing: only its transaction decides that.' }],
    [Failed, Processing, { ok: false, message: 'A swap cannot be set back to Processing: only its transaction decides that.' }],
  ] as const)('an admin moving status %i to %i: %j', (from, to, decision) => {
    expect(decideAdminSwapMove(from, to)).toEqual(decision);
  });
});
