import { describe, expect, it } from 'vitest';
import { JELLY_STAGE_NAMES, jellyStageRules } from './coin-jelly-lifecycle.ts';
import { OrderStatus } from './order-status.ts';
import { SwapStatus } from './swap-lifecycle.ts';
import {
  WAIT_DEAL_STATUS,
  WAIT_KINDS,
  WAIT_SWAP_STATUS,
  WAIT_TABLE,
  type WaitKind,
  countByKind,
  isOverdue,
  isWaitKind,
  jellyWaitKind,
  waitAllowanceMs,
  waitDeadline,
  waitKindsOf,
  waitRule,
} from './wait-deadlines.ts';

const settings = { disputeSlaHours: 24 };
const MIN = 60_000;

// The whole table written out: kind → [owner, allowance in minutes at a 24 h SLA, subject].
const EXPECTED: ReadonlyArray<[WaitKind, string, number, string]> = [
  ['deal_locked', 'server', 10, 'deal'],
  ['deal_admin_resolving', 'admin', 24 * 60, 'deal'],
  ['deal_payout_waiting', 'user', 24 * 60, 'deal'],
  ['jelly_awaiting_deposit', 'server', 10, 'coin_jelly'],
  ['jelly_deposit_detected', 'server', 10, 'coin_jelly'],
  ['jelly_needs_choice', 'user', 24 * 60, 'coin_jelly'],
  ['jelly_awaiting_admin', 'admin', 120, 'coin_jelly'],
  ['jelly_settling', 'chain', 10, 'coin_jelly'],
  ['jelly_refunding', 'server', 10, 'coin_jelly'],
  ['jelly_refund_sending', 'chain', 10, 'coin_jelly'],
  ['jelly_waiting_account', 'user', 24 * 60, 'coin_jelly'],
  ['swap_processing', 'chain', 5, 'swap'],
  ['platform_send', 'chain', 5, 'platform_send'],
  ['support_case', 'admin', 24 * 60, 'support_case'],
];

describe('the wait table', () => {
  it('covers every kind once, in table order, and nothing else', () => {
    expect([...WAIT_TABLE.keys()]).toEqual([...WAIT_KINDS]);
    expect(EXPECTED.map(([kind]) => kind)).toEqual([...WAIT_KINDS]);
    for (const other of ['deal', 'jelly_completed', '', null, 3]) expect(isWaitKind(other)).toBe(false);
    expect(() => waitRule('nope' as WaitKind)).toThrow(RangeError);
  });

  it.each(EXPECTED)('%s: owner %s, %i minutes, about a %s', (kind, owner, minutes, subject) => {
    const rule = waitRule(kind);
    expect(rule.owner).toBe(owner);
    expect(rule.subject).toBe(subject);
    expect(waitAllowanceMs(kind, settings)).toBe(minutes * MIN);
    // Every entry speaks to the admin in whole sentences.
    for (const text of [rule.waitsFor, rule.wayOut]) expect(text).toMatch(/^[A-Z].+\.$/);
    expect(rule.clockFrom).toMatch(/^the /);
  });

  it.each(EXPECTED)('%s is late only after its deadline', (kind, _owner, minutes) => {
    const since = new Date('2026-01-01T00:00:00Z');
    const deadline = waitDeadline(kind, since, settings);
    expect(deadline.getTime() - since.getTime()).toBe(minutes * MIN);
    expect(isOverdue(kind, since, new Date(deadline.getTime() - 1), settings)).toBe(false);
    expect(isOverdue(kind, since, deadline, settings)).toBe(false);
    expect(isOverdue(kind, since, new Date(deadline.getTime() + 1), settings)).toBe(true);
  });

  it('takes the dispute SLA from the settings for disputes and support cases only', () => {
    const kinds = WAIT_KINDS.filter((kind) => waitRule(kind).allowance === 'dispute_sla');
    expect(kinds).toEqual(['deal_admin_resolving', 'support_case']);
    for (const kind of WAIT_KINDS) {
      const changes = waitAllowanceMs(kind, { disputeSlaHours: 2 }) !== waitAllowanceMs(kind, settings);
      expect(changes).toBe(kinds.includes(kind));
    }
    expect(waitAllowanceMs('deal_admin_resolving', { disputeSlaHours: 2 })).toBe(120 * MIN);
  });
});

describe('what each kind watches', () => {
  it('every non-final Coin Jelly stage has its kind; no final stage has one', () => {
    for (const stage of JELLY_STAGE_NAMES) {
      const kind = jellyWaitKind(stage);
      if (jellyStageRules(stage).final) expect(kind).toBeUndefined();
      else expect(kind).toBe(`jelly_${stage}`);
    }
    // and one wait across stages: a payout or refund waiting for the recipient's token account
    expect(waitKindsOf('coin_jelly')).toEqual([...JELLY_STAGE_NAMES.flatMap((stage) => jellyWaitKind(stage) ?? []), 'jelly_waiting_account']);
  });

  it('deals are watched while Locked and while Admin Resolving (a payout waiting for an account by its own record); swaps while Processing', () => {
    expect(waitKindsOf('deal').map((kind) => WAIT_DEAL_STATUS[kind])).toEqual([
      OrderStatus.CryptoGuyLockedCrypto,
      OrderStatus.AdminResolving,
      undefined,
    ]);
    expect(WAIT_SWAP_STATUS).toBe(SwapStatus.Processing);
  });

  it('counts by kind with every kind present', () => {
    const counts = countByKind(['swap_processing', 'deal_locked', 'swap_processing']);
    expect(Object.keys(counts)).toEqual([...WAIT_KINDS]);
    expect(counts.swap_processing).toBe(2);
    expect(counts.deal_locked).toBe(1);
    expect(counts.support_case).toBe(0);
  });
});
