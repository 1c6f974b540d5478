const pad = (n: number) => String(n).padStart(2, '0');

/** A local date-time `yyyy-MM-dd HH:mm` (notification times); null when the input is not a date. */
export function formatLocalDateTime(iso: string | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A local date `yyyy-MM-dd`; null when the input is not a date. */
export function formatLocalDate(iso: string | null | undefined): string | null {
  return formatLocalDateTime(iso ?? undefined)?.slice(0, 10) ?? null;
}
