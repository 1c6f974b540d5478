/**
 * How a trader's figures read, wherever they show (the dashboard's My stats, the public profile, the market's
 * advertiser line): one wording, so the same number never reads two ways.
 */

const DAY_MS = 86_400_000;

/** Shown for a figure with no data yet. */
export const NO_FIGURE = '—';

/** The figures' labels, shared by the dashboard and the public profile. */
export const TRADING_STAT_LABELS = {
  completed: 'Completed trades',
  completed30d: 'Trades in 30 days',
  completionRate30d: 'Completion rate (30 d)',
  avgRelease: 'Avg. release time',
  avgPayment: 'Avg. payment time',
  positiveFeedback: 'Positive feedback',
  accountAge: 'Account age',
  firstTrade: 'First trade',
} as const;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Account age from the first sign-in: 'Less than a day', 'N days' (under 60), 'N months' (under 2 years), 'N years'. */
export function accountAgeText(createdAt: string | Date | null, now: Date): string {
  if (!createdAt) return NO_FIGURE;
  const days = Math.floor((now.getTime() - new Date(createdAt).getTime()) / DAY_MS);
  if (Number.isNaN(days)) return NO_FIGURE;
  if (days < 1) return 'Less than a day';
  if (days < 60) return plural(days, 'day');
  if (days < 730) return plural(Math.floor(days / 30.44), 'month');
  return plural(Math.floor(days / 365.25), 'year');
}

/** An average duration in whole minutes ('< 1 min' under half a minute). */
export function minutesText(seconds: number | null): string {
  if (seconds === null) return NO_FIGURE;
  if (seconds < 30) return '< 1 min';
  return `${Math.round(seconds / 60)} min`;
}

/** A percentage with one decimal, a trailing '.0' dropped: '100%', '87.5%'. */
export function percentText(value: number | null): string {
  if (value === null) return NO_FIGURE;
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}
