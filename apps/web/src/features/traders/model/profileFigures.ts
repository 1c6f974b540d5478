import type { TradingStats } from '@jelly/contracts';

// The figures' wording (account age, minutes, percentages) is @jelly/domain's trading-stats-text, shared with the
// dashboard; only what the profile alone shows is here.

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** '{n} review(s)' */
export function reviewsLabel(count: number): string {
  return plural(count, 'review');
}

/** A wallet that never signed in and never traded: the profile shows an empty state. */
export function neverTraded(stats: TradingStats): boolean {
  return stats.accountCreatedAt === null && stats.finishedDeals === 0 && stats.openDeals === 0 && stats.reviewsCount === 0;
}
