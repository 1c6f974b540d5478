import { describe, expect, it } from 'vitest';
import {
  JELLY_MOVES,
  JELLY_STAGE_NAMES,
  JELLY_STAGE_TABLE,
  type JellyMoveName,
  jellyStagesOfStatus,
  jellyStatusOf,
  nextJellyStage,
} from './coin-jelly-lifecycle.ts';
import { SWAP_STATUSES, SwapStatus } from './swap-lifecycle.ts';

describe('the Coin Jelly state table', () => {
  it('has every stage once, each under exactly one swap status', () => {
    expect([...JELLY_STAGE_TABLE.keys()]).toEqual([...JELLY_STAGE_NAMES]);
    const all = SWAP_STATUSES.flatMap((s) => jellyStagesOfStatus(s));
    expect(all.sort()).toEqual([...JELLY_STAGE_NAMES].sort());
  });

  it.each([
    ['completed', SwapStatus.Completed],
    ['refunded', SwapStatus.Failed],
    ['expired', SwapStatus.Failed],
    ['failed', SwapStatus.Failed],
    ['needs_choice', SwapStatus.Processing],
    ['awaiting_admin', SwapStatus.Processing],
  ] as const)('%s shows as status %i', (stage, status) => {
    expect(jellyStatusOf(stage)).toBe(status);
  });

  const moves = Object.entries(JELLY_MOVES) as [JellyMoveName, (typeof JELLY_MOVES)[JellyMoveName]][];
  it.each(moves)('%s goes only from its stages', (name, move) => {
    for (const stage of JELLY_STAGE_NAMES) {
      expect(nextJellyStage(stage, name)).toBe(move.from.includes(stage) ? move.to : null);
    }
  });

  it('leaves completed and refunded for nothing; only a late deposit leaves expired', () => {
    for (const [name] of moves) {
      expect(nextJellyStage('completed', name)).toBeNull();
      expect(nextJellyStage('refunded', name)).toBeNull();
      expect(nextJellyStage('expired', name)).toBe(name === 'late_deposit' ? 'needs_choice' : null);
    }
  });

  it('never moves a final stage except an expired order reopened by its deposit', () => {
    for (const [, move] of moves) {
      for (const from of move.from) {
        const rules = JELLY_STAGE_TABLE.get(from);
        expect(rules?.final && from !== 'expired').toBeFalsy();
      }
    }
  });
});
