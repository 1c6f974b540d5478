import { BAN_TIME_STEP_MINUTES, ceilToTimeStep, defaultBanUntil } from '@jelly/domain';
import { format } from 'date-fns';

/** The date-time picker's value (local time, minutes precision), as `<input type="datetime-local">` reads it. */
export function toPickerValue(date: Date): string {
  return format(date, "yyyy-MM-dd'T'HH:mm");
}

/** A picker value back to a Date (local time); null when it is not a date. */
export function fromPickerValue(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The picker's first choice: the next 15-minute step after now (nothing in the past can be picked). */
export function earliestBanEnd(now: Date): Date {
  return ceilToTimeStep(new Date(now.getTime() + 1));
}

/** The picker's default: now plus one day, on the 15-minute grid. */
export function defaultBanEnd(now: Date): Date {
  return ceilToTimeStep(defaultBanUntil(now));
}

/** Whether a time sits on the picker's 15-minute grid. */
export function onTimeStep(date: Date): boolean {
  return date.getSeconds() === 0 && date.getMilliseconds() === 0 && date.getMinutes() % BAN_TIME_STEP_MINUTES === 0;
}

export const BAN_UNTIL_OFF_STEP = `Pick a time in ${BAN_TIME_STEP_MINUTES}-minute steps`;
