/**
 * A small keyed cache with stale-while-revalidate: entries younger than `freshMs` are served as they are; older
 * ones up to `staleMs` are served while one refresh runs in the background, so no request waits for a value that
 * thousands of requests a minute share; beyond `staleMs` the caller waits for a new value. One refresh per key at a
 * time; at most `maxEntries` keys (the least recently refreshed go first).
 */
export interface SwrCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
}

export function createSwrCache<T>(options: { freshMs: number; staleMs: number; maxEntries: number; now?: () => number }): SwrCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: T; at: number }>();
  const refreshing = new Map<string, Promise<T>>();

  const refresh = (key: string, load: () => Promise<T>) => {
    let pending = refreshing.get(key);
    if (!pending) {
      pending = load()
        .then((value) => {
          entries.delete(key); // re-insert: Map order doubles as least-recently-refreshed order
          entries.set(key, { value, at: now() });
          if (entries.size > options.maxEntries) {
            const oldest = entries.keys().next().value;
            if (oldest !== undefined) entries.delete(oldest);
          }
          return value;
        })
        .finally(() => refreshing.delete(key));
      refreshing.set(key, pending);
    }
    return pending;
  };

  return {
    async get(key, load) {
      const entry = entries.get(key);
      const age = entry ? now() - entry.at : Infinity;
      if (entry && age < options.freshMs) return entry.value;
      if (entry && age < options.staleMs) {
        refresh(key, load).catch(() => {}); // a failed refresh is retried by the next request
        return entry.value;
      }
      return refresh(key, load);
    },
  };
}

/** No caching: every get loads (tests, and MARKET_PAGE_CACHE_MS=0). */
export function createNoCache<T>(): SwrCache<T> {
  return { get: (_key, load) => load() };
}
