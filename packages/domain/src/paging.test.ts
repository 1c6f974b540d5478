import { describe, expect, it } from 'vitest';
import { clampPage, clampPageSize, clampTotal, nextVisibleCount, readTotal, totalPages, withFilterChange, isFullPage } from './paging.ts';

describe('paging clamps', () => {
  it.each([
    [3, 3, 3, 3],
    [1, 1, 1, 1],
    [0, 1, 1, 0],
    [-5, 1, 1, 0],
    [2.7, 2, 2, 2],
    ['4', 4, 4, 4],
    ['', 1, 1, 0],
    ['abc', 1, 1, 0],
    [NaN, 1, 1, 0],
    [Infinity, 1, 1, 0],
    [null, 1, 1, 0],
    [undefined, 1, 1, 0],
  ])('%j → page %i, size %i, total %i', (value, page, size, total) => {
    expect(clampPage(value)).toBe(page);
    expect(clampPageSize(value)).toBe(size);
    expect(clampTotal(value)).toBe(total);
  });

  it('falls back to a default page size when unreadable', () => {
    expect(clampPageSize(undefined, 8)).toBe(8);
    expect(clampPageSize(0, 8)).toBe(1);
  });

  it.each([
    [{ total: 12 }, 12],
    [{ totalCount: 7 }, 7],
    [{ total: -3 }, 0],
    [{}, 0],
    [{ total: 5, totalCount: 9 }, 5],
  ])('reads total from %j', (response, total) => {
    expect(readTotal(response)).toBe(total);
  });

  it.each([
    [0, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 8, 12],
  ])('%i items of %i per page → %i pages', (total, size, pages) => {
    expect(totalPages(total, size)).toBe(pages);
  });
});

describe('filters and pickers', () => {
  it('resets to page 1 on any filter change', () => {
    const state = { page: 4, size: 20, asset: 'All', status: 'All' };
    expect(withFilterChange(state, { asset: 'SOL' })).toEqual({ page: 1, size: 20, asset: 'SOL', status: 'All' });
    expect(state.page).toBe(4);
  });

  it.each([
    [10, 35, 20],
    [30, 35, 35],
    [35, 35, 35],
    [0, 5, 5],
  ])('picker showing %i of %i shows %i next', (current, available, next) => {
    expect(nextVisibleCount(current, available)).toBe(next);
  });
});

describe('infinite lists', () => {
  it.each([
    [20, 20, true],
    [19, 20, false],
    [0, 20, false],
    [10, 10, true],
  ])('%i items of page size %i → more: %s', (count, size, more) => {
    expect(isFullPage(count, size)).toBe(more);
  });
});
