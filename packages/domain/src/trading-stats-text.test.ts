import { describe, expect, it } from 'vitest';
import { accountAgeText, minutesText, percentText } from './trading-stats-text.ts';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe('trading stats wording', () => {
  it.each([
    [null, '—'],
    ['not a date', '—'],
    [daysAgo(0.5), 'Less than a day'],
    [daysAgo(1), '1 day'],
    [daysAgo(59), '59 days'],
    [daysAgo(60), '1 month'],
    [daysAgo(400), '13 months'],
    [daysAgo(730), '1 year'],
    [daysAgo(1100), '3 years'],
  ])('account created %s → %s', (createdAt, label) => {
    expect(accountAgeText(createdAt, NOW)).toBe(label);
  });

  it.each([
    [null, '—'],
    [0, '< 1 min'],
    [12, '< 1 min'],
    [29, '< 1 min'],
    [30, '1 min'],
    [420, '7 min'],
    [5430, '91 min'],
  ])('%s seconds → %s', (seconds, label) => {
    expect(minutesText(seconds)).toBe(label);
  });

  it.each([
    [null, '—'],
    [100, '100%'],
    [0, '0%'],
    [87.54, '87.5%'],
    [99.96, '100%'],
    [66.666, '66.7%'],
  ])('%s percent → %s', (value, label) => {
    expect(percentText(value)).toBe(label);
  });
});
