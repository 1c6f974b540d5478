/** Dates of filters and pickers: yyyy-MM-dd, start not after end. */
import { formatZonedDate } from './zoned-time.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a strict yyyy-MM-dd calendar date to a UTC midnight Date, or null (e.g. 2024-02-30 is null). */
export function parseIsoDate(text: string): Date | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** yyyy-MM-dd of a Date: in the given IANA time zone, or the runtime's local zone when omitted. */
export function formatIsoDate(date: Date, timeZone?: string): string {
  if (!timeZone) return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return formatZonedDate(date, timeZone);
}

type DateLike = string | Date;

function toTime(value: DateLike): number | null {
  const date = typeof value === 'string' ? parseIsoDate(value) : value;
  return date && !Number.isNaN(date.getTime()) ? date.getTime() : null;
}

/** The start cannot be later than the end; an open start or end is fine. Unreadable dates are invalid. */
export function isValidDateRange(from: DateLike | null | undefined, to: DateLike | null | undefined): boolean {
  const start = from == null || from === '' ? undefined : toTime(from);
  const end = to == null || to === '' ? undefined : toTime(to);
  if (start === null || end === null) return false;
  return start === undefined || end === undefined || start <= end;
}

/** The user orders query sends the end date shifted forward by one day (an exclusive end): 2024-02-28 → 2024-02-29. */
export function exclusiveEndDate(to: string): string {
  const date = parseIsoDate(to);
  if (!date) throw new RangeError(`Invalid date: "${to}" (expected yyyy-MM-dd)`);
  const next = new Date(date.getTime() + 24 * 60 * 60 * 1000);
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}
