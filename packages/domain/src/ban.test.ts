import { describe, expect, it } from 'vitest';
import { canSubmitBan, ceilToTimeStep, checkBan, defaultBanUntil } from './ban.ts';

const now = new Date('2024-05-01T10:07:30Z');

describe('ban', () => {
  it('defaults to now plus 24 hours', () => {
    expect(defaultBanUntil(now).toISOString()).toBe('2024-05-02T10:07:30.000Z');
  });

  it.each([
    ['', false],
    ['   ', false],
    [null, false],
    ['Wallet1', true],
  ])('wallet %j can submit: %s', (wallet, can) => {
    expect(canSubmitBan(wallet)).toBe(can);
  });

  it.each([
    ['2024-05-01T10:07:30Z', '2024-05-01T10:15:00.000Z'],
    ['2024-05-01T10:15:00Z', '2024-05-01T10:15:00.000Z'],
    ['2024-05-01T23:50:00Z', '2024-05-02T00:00:00.000Z'],
  ])('time step: %s → %s', (iso, rounded) => {
    expect(ceilToTimeStep(new Date(iso)).toISOString()).toBe(rounded);
  });

  it.each([
    ['no wallet', '', '2024-06-01T00:00:00Z', { ok: false, error: 'Wallet is required' }],
    ['past end', 'W', '2024-05-01T10:00:00Z', { ok: false, error: 'Ban end cannot be in the past' }],
    ['end equal to now', 'W', now, { ok: false, error: 'Ban end cannot be in the past' }],
    ['unreadable end', 'W', 'next week', { ok: false, error: 'Ban end must be a valid date and time' }],
    ['future end', 'W', '2024-06-01T00:00:00Z', { ok: true, value: new Date('2024-06-01T00:00:00Z') }],
    ['default end', 'W', undefined, { ok: true, value: new Date('2024-05-02T10:07:30Z') }],
  ] as const)('%s', (_name, wallet, until, expected) => {
    expect(checkBan({ wallet, until, now })).toEqual(expected);
  });
});
