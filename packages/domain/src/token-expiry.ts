/** Access-token expiry handling: seconds, milliseconds or a date string; 30-second window. */
import { TOKEN_REFRESH_WINDOW_MS } from './constants.ts';

/** Numbers below this are seconds since the epoch; at or above it, milliseconds. */
export const SECONDS_THRESHOLD = 1e12;

/**
 * Reads a stored / received expiry: a number or numeric string (< 1e12 → seconds, else milliseconds), or a
 * date string. Returns epoch milliseconds, or null when it cannot be read.
 */
export function parseTokenExpiry(value: unknown): number | null {
  let n: number | null = null;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) n = Number(value.trim());
  if (n !== null) {
    if (!Number.isFinite(n) || n < 0) return null;
    return n < SECONDS_THRESHOLD ? n * 1000 : n;
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

/** Refresh when the expiry is missing or within 30 seconds of now (or past). */
export function needsRefresh(expiresAtMs: number | null | undefined, nowMs: number): boolean {
  return expiresAtMs == null || expiresAtMs - nowMs <= TOKEN_REFRESH_WINDOW_MS;
}
