import type { TradingStats } from '@jelly/contracts';

const DAY_MS = 86_400_000;
export const NOT_YET = '—';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Account age from the first sign-in: 'Less than a day', 'N days' (under 60), 'N months' (under 2 years), 'N years'. */
export function accountAge(createdAt: string | null, now: Date): string {
  if (!createdAt) return NOT_YET;
  const days = Math.floor((now.getTime() - new Date(createdAt).getTime()) / DAY_MS);
  if (Number.isNaN(days)) return NOT_YET;
  if (days < 1) return 'Less than a day';
  if (days < 60) return plural(days, 'day');
  if (days < 730) return plural(Math.floor(days / 30.44), 'month');
  return plural(Math.floor(days / 365.25), 'year');
}

/** An average duration in whole minutes ('< 1 min' under half a minute); '—' without data. */
export function minutesLabel(seconds: number | null): string {
  if (seconds === null) return NOT_YET;
  if (seconds < 30) return '< 1 min';
  return `${Math.round(seconds / 60)} min`;
}

/** A percentage with one decimal, the trailing '.0' dropped; '—' without data. */
export function percentLabel(value: number | null): string {
  if (value === null) return NOT_YET;
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}

/** '{n} review(s)' */
export function reviewsLabel(count: number): string {
  return plural(count, 'review');
}

/** A wallet that never signed in and never traded: the profile shows an empty state. */
export function neverTraded(stats: TradingStats): boolean {
  return stats.accountCreatedAt === null && stats.finishedDeals === 0 && stats.openDeals === 0 && stats.reviewsCount === 0;
}
