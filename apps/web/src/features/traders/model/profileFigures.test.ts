import { describe, expect, it } from 'vitest';
import { nextReviewsSkip } from '../api/tradersApi.ts';
import { reviewsLabel } from './profileFigures.ts';
import { makeReview } from '../testing/tradersHarness.tsx';

describe('profile figures', () => {
  it('counts reviews', () => {
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
