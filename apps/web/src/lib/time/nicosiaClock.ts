import { FOOTER_TIME_ZONE } from '@jelly/domain';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: FOOTER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * The footer clock: `yyyy-MM-dd HH:mm:ss` in Europe/Nicosia, whatever the visitor's time zone.
 * Intl does the zone maths (no date library in the first bundle).
 */
export function formatFooterClock(date: Date): string {
  const field = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${field.year}-${field.month}-${field.day} ${field.hour}:${field.minute}:${field.second}`;
}
