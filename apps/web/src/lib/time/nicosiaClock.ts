import { formatZonedDateTime } from '@jelly/domain';
import { FOOTER_TIME_ZONE } from '../ui/constants.ts';
import { utcOffsetLabel } from './formatLocalDateTime.ts';

/** The footer clock: `yyyy-MM-dd HH:mm:ss` in Europe/Nicosia, whatever the visitor's time zone. */
export function formatFooterClock(date: Date): string {
  return formatZonedDateTime(date, FOOTER_TIME_ZONE);
}

let offsetFormatter: Intl.DateTimeFormat | null = null;

/** The zone the footer clock is in, with its current offset: 'Nicosia time (UTC+2)', 'UTC+3' in summer. */
export function footerClockZone(date: Date): string {
  // One formatter for the page's life: the clock asks every second, and making one costs far more than using it.
  offsetFormatter ??= new Intl.DateTimeFormat('en-GB', { timeZone: FOOTER_TIME_ZONE, timeZoneName: 'shortOffset' });
  const offset = offsetFormatter
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `Nicosia time (${utcOffsetLabel(offset)})` : 'Nicosia time';
}
