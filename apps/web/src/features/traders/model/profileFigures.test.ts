import { describe, expect, it } from 'vitest';
import { nextReviewsSkip } from '../api/tradersApi.ts';
import { accountAge, minutesLabel, percentLabel, reviewsLabel } from './profileFigures.ts';
import { makeReview } from '../testing/tradersHarness.tsx';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe('profile figures', () => {
  it.each([
    [null, '—'],
    [daysAgo(0.5), 'Less than a day'],
    [daysAgo(1), '1 day'],
    [daysAgo(59), '59 days'],
    [daysAgo(60), '1 month'],
    [daysAgo(400), '13 months'],
    [daysAgo(730), '1 year'],
    [daysAgo(1100), '3 years'],
  ])('account created %s → %s', (createdAt, label) => {
    expect(accountAge(createdAt, NOW)).toBe(label);
  });

  it.each([
    [null, '—'],
    [0, '< 1 min'],
    [29, '< 1 min'],
    [30, '1 min'],
    [420, '7 min'],
    [5430, '91 min'],
  ])('%s seconds → %s', (seconds, label) => {
    expect(minutesLabel(seconds)).toBe(label);
  });

  it('formats percentages and review counts', () => {
    expect(percentLabel(null)).toBe('—');
    expect(percentLabel(100)).toBe('100%');
    expect(percentLabel(87.54)).toBe('87.5%');
    expect(reviewsLabel(1)).toBe('1 review');
    expect(reviewsLabel(0)).toBe('0 reviews');
  });
});

describe('reviews paging', () => {
  const page = (from: number, count: number, total: number) => ({
    reviews: Array.from({ length: count }, (_, i) => makeReview(from + i)),
    total,
    averageScore: 5,
  });

  it('asks for the next page from the number loaded, and stops at the total or an empty page', () => {
    const first = page(1, 20, 45);
    const second = page(21, 20, 45);
    expect(nextReviewsSkip(first, [first])).toBe(20);
    expect(nextReviewsSkip(second, [first, second])).toBe(40);
    const last = page(41, 5, 45);
    expect(nextReviewsSkip(last, [first, second, last])).toBeUndefined();
    // Reviews removed meanwhile: an empty page ends the list instead of asking forever.
    const empty = page(41, 0, 45);
    expect(nextReviewsSkip(empty, [first, second, empty])).toBeUndefined();
  });
});
