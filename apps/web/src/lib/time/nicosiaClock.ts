import { formatZonedDateTime } from '@jelly/domain';
import { FOOTER_TIME_ZONE } from '../ui/constants.ts';

/** The footer clock: `yyyy-MM-dd HH:mm:ss` in Europe/Nicosia, whatever the visitor's time zone. */
export function formatFooterClock(date: Date): string {
  return formatZonedDateTime(date, FOOTER_TIME_ZONE);
}
