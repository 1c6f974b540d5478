import { describe, expect, it } from 'vitest';
import { readMarketConfig } from './market-config.ts';
import { createSwrCache } from './swr-cache.ts';

describe('createSwrCache', () => {
  it('serves fresh values, serves stale ones while one refresh runs, and waits once too old', async () => {
    let now = 0;
    let loads = 0;
    let release: (() => void) | null = null;
    const cache = createSwrCache<number>({ freshMs: 100, staleMs: 1000, maxEntries: 10, now: () => now });
    const load = () => {
      loads += 1;
      return Promise.resolve(loads);
    };
    expect(await cache.get('k', load)).toBe(1);
    now = 50;
    expect(await cache.get('k', load)).toBe(1);
    expect(loads).toBe(1);

    now = 500; // stale: old value at once, one background refresh even for two callers
    const slow = () =>
      new Promise<number>((resolve) => {
        loads += 1;
        release = () => resolve(loads);
      });
    expect(await cache.get('k', slow)).toBe(1);
    expect(await cache.get('k', slow)).toBe(1);
    expect(loads).toBe(2);
    (release as (() => void) | null)?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', load)).toBe(2);

    now = 5000; // too old: the caller waits for a new value
    expect(await cache.get('k', load)).toBe(3);
  });

  it('forgets the least recently refreshed keys beyond maxEntries, and does not keep failures', async () => {
    const cache = createSwrCache<string>({ freshMs: 1000, staleMs: 1000, maxEntries: 2, now: () => 0 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
    await expect(cache.get('x', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('x', async () => 'x1')).toBe('x1');
  });

  it('reads MARKET_PAGE_CACHE_MS', () => {
    expect(readMarketConfig({})).toEqual({ ok: true, config: { pageCacheMs: 1000 } });
    expect(readMarketConfig({ MARKET_PAGE_CACHE_MS: '0' })).toEqual({ ok: true, config: { pageCacheMs: 0 } });
    expect(readMarketConfig({ MARKET_PAGE_CACHE_MS: 'soon' }).ok).toBe(false);
  });
});
