/** Admin ban rules: wallet required, until defaults to now + 24 h, no past dates. */
import { BAN_DEFAULT_DURATION_MS, BAN_TIME_STEP_MINUTES } from './constants.ts';
import { type Check, fail, pass } from './result.ts';

export const BAN_WALLET_REQUIRED = 'Wallet is required';
export const BAN_UNTIL_INVALID = 'Ban end must be a valid date and time';
export const BAN_UNTIL_IN_PAST = 'Ban end cannot be in the past';

/** The default end of a ban: now plus one day. */
export function defaultBanUntil(now: Date): Date {
  return new Date(now.getTime() + BAN_DEFAULT_DURATION_MS);
}

/** The Ban button is disabled until a wallet is entered. */
export function canSubmitBan(wallet: string | null | undefined): boolean {
  return !!wallet && wallet.trim() !== '';
}

/** Rounds up to the picker's 15-minute grid (seconds dropped): 10:07 → 10:15, 10:15 → 10:15. */
export function ceilToTimeStep(date: Date, stepMinutes = BAN_TIME_STEP_MINUTES): Date {
  const step = stepMinutes * 60_000;
  return new Date(Math.ceil(date.getTime() / step) * step);
}

export interface BanInput {
  readonly wallet: string | null | undefined;
  /** ISO date-time or Date. */
  readonly until: string | Date | null | undefined;
  readonly now: Date;
}

/** Validates a ban request; returns the ban end as a Date. */
export function checkBan({ wallet, until, now }: BanInput): Check<Date> {
  if (!canSubmitBan(wallet)) return fail(BAN_WALLET_REQUIRED);
  const end = until == null || until === '' ? defaultBanUntil(now) : new Date(until);
  if (Number.isNaN(end.getTime())) return fail(BAN_UNTIL_INVALID);
  if (end.getTime() <= now.getTime()) return fail(BAN_UNTIL_IN_PAST);
  return pass(end);
}
