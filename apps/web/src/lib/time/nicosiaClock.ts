import { formatZonedDateTime } from '@jelly/domain';
import { FOOTER_TIME_ZONE } from '../ui/constants.ts';
import { utcOffsetLabel } from './formatLocalDateTime.ts';

/** The footer clock: `yyyy-MM-dd HH:mm:ss` in Europe/Nicosia, whatever the visitor's time zone. */
export function formatFooterClock(date: Date): string {
  return formatZonedDateTime(date, FOOTER_TIME_ZONE);
}

/** The zone the footer clock is in, with its current offset: 'Nicosia time (UTC+2)', 'UTC+3' in summer. */
export function footerClockZone(date: Date): string {
  const offset = new Intl.DateTimeFormat('en-GB', { timeZone: FOOTER_TIME_ZONE, timeZoneName: 'shortOffset' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `Nicosia time (${utcOffsetLabel(offset)})` : 'Nicosia time';
}
