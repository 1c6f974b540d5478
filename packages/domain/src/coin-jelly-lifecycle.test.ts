import { describe, expect, it } from 'vitest';
import {
  JELLY_DEPOSIT_MOVES,
  JELLY_MOVES,
  JELLY_STAGE_NAMES,
  JELLY_STAGES_TAKING_DEPOSITS,
  JELLY_STAGES_WITH_JOB,
  JELLY_STAGE_TABLE,
  type JellyMoveName,
  jellyStageRules,
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
    ['refund_sending', SwapStatus.Processing],
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

  it.each(JELLY_STAGE_NAMES)('%s takes deposits exactly when a deposit move starts from it', (stage) => {
    const starts = JELLY_DEPOSIT_MOVES.some((move) => nextJellyStage(stage, move) !== null);
    expect(JELLY_STAGES_TAKING_DEPOSITS.includes(stage)).toBe(starts);
  });

  it('takes deposits only at watched stages, and at every stage awaiting one (awaiting_deposit, needs_choice, expired)', () => {
    for (const stage of JELLY_STAGES_TAKING_DEPOSITS) expect(jellyStageRules(stage).watched).toBe(true);
    expect(JELLY_STAGES_TAKING_DEPOSITS).toEqual(['awaiting_deposit', 'needs_choice', 'expired']);
  });

  it('claims a send by a move out of its stage, never by a move that stays: payout → settling, refund → refund_sending', () => {
    // the server's moves are its claims and releases: each leaves its stage, so the stage alone says who holds what
    for (const [, move] of moves.filter(([, m]) => m.actor === 'system')) expect(move.from).not.toContain(move.to);
    expect(nextJellyStage('refund_sending', 'refund_released')).toBe('refunding');
    expect(nextJellyStage('refund_sending', 'refund_verified')).toBe('refunded');
    expect(nextJellyStage('refunding', 'refund_verified')).toBeNull();
  });

  it.each(JELLY_STAGE_NAMES)('%s has a server job only where a system move of that job starts from it', (stage) => {
    const job = jellyStageRules(stage).job;
    expect(JELLY_STAGES_WITH_JOB.includes(stage)).toBe(job !== null);
    if (job === 'payout') expect(nextJellyStage(stage, 'payout_sent')).toBe('settling');
    if (job === 'refund') expect(nextJellyStage(stage, 'refund_sent')).toBe('refund_sending');
    if (job !== null) expect(jellyStageRules(stage).final || jellyStageRules(stage).waitingOn !== null).toBe(false);
  });
});
