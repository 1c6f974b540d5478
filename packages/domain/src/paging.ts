/** Paging rules. */
import { PICKER_STEP } from './constants.ts';

function atLeast(value: unknown, min: number, fallback: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return fallback;
  return Math.max(min, Math.trunc(n));
}

/** Page number clamped to at least 1 (unreadable → 1). */
export function clampPage(page: unknown): number {
  return atLeast(page, 1, 1);
}

/** Page size clamped to at least 1 (unreadable → the fallback, itself at least 1). */
export function clampPageSize(size: unknown, fallback = 1): number {
  return atLeast(size, 1, Math.max(1, Math.trunc(fallback)));
}

/** Total count clamped to at least 0. */
export function clampTotal(total: unknown): number {
  return atLeast(total, 0, 0);
}

/** List responses carry `total` or `totalCount`. */
export function readTotal(response: { readonly total?: unknown; readonly totalCount?: unknown }): number {
  return clampTotal(response.total ?? response.totalCount);
}

export function totalPages(total: number, size: number): number {
  return Math.max(1, Math.ceil(clampTotal(total) / clampPageSize(size)));
}

/** Applies a filter change and resets to page 1 (any filter change resets paging). */
export function withFilterChange<S extends { readonly page: number }>(state: S, change: Partial<Omit<S, 'page'>>): S {
  return { ...state, ...change, page: 1 };
}

/** Pickers show 10 first and add 10 more near the end, never more than there are. */
export function nextVisibleCount(current: number, available: number, step = PICKER_STEP): number {
  return Math.min(Math.max(0, available), Math.max(0, current) + step);
}

/** Infinite lists (notifications 10, reviews 20, …) have more to load only after a full page. */
export function isFullPage(itemCount: number, pageSize: number): boolean {
  return itemCount >= pageSize && pageSize > 0;
}
