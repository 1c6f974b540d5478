const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      ...(timeZone ? { timeZone } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Intl's short offset ('GMT+2', 'GMT+0', 'GMT', 'UTC' by runtime) as 'UTC+2', or 'UTC' for no offset. */
export function utcOffsetLabel(shortOffset: string): string {
  const offset = shortOffset.replace(/^(GMT|UTC)/, '');
  return offset === '' || /^[+-]0(:00)?$/.test(offset) ? 'UTC' : `UTC${offset}`;
}

/**
 * A date-time `yyyy-MM-dd HH:mm UTC+2` in the viewer's zone (or `timeZone`), naming the zone's offset so a time
 * never reads as if it were the server's or the footer clock's; null when the input is not a date.
 */
export function formatLocalDateTime(iso: string | undefined, timeZone?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = formatterFor(timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} ${utcOffsetLabel(get('timeZoneName'))}`;
}

/** A local date `yyyy-MM-dd`; null when the input is not a date. */
export function formatLocalDate(iso: string | null | undefined): string | null {
  return formatLocalDateTime(iso ?? undefined)?.slice(0, 10) ?? null;
}
