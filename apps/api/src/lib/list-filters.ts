import { START_DATE_AFTER_END } from '@jelly/domain';
import { gte, lt, lte, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from '../errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** yyyy-MM-dd → that day's start (UTC); an ISO date-time → itself (the contracts checked both are real dates). */
const readDate = (text: string): Date => new Date(PLAIN_DATE.test(text) ? `${text}T00:00:00.000Z` : text);

/**
 * A list's From/To bounds on `column`: From from its start; To inclusive (a plain date up to the end of its day). A
 * start after the end is refused rather than answered with an empty page the user cannot explain.
 */
export function createdWithin(column: AnyColumn, from: string | undefined, to: string | undefined): SQL[] {
  const start = from ? readDate(from) : null;
  const endExclusive = to && PLAIN_DATE.test(to) ? new Date(readDate(to).getTime() + DAY_MS) : null;
  const endInclusive = to && !endExclusive ? readDate(to) : null;
  if (start && ((endExclusive && start >= endExclusive) || (endInclusive && start > endInclusive))) {
    throw badRequest(START_DATE_AFTER_END);
  }
  const bounds: SQL[] = [];
  if (start) bounds.push(gte(column, start));
  if (endExclusive) bounds.push(lt(column, endExclusive));
  if (endInclusive) bounds.push(lte(column, endInclusive));
  return bounds;
}

/** A LIKE pattern matching `text` anywhere, its pattern characters (\ % _) taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
