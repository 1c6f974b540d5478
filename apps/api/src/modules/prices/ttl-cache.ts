/**
 * One cached value with a time to live, one fetch in flight at a time, and the last good value served for a
 * while longer (`staleForMs`) when a refresh fails, so a flaky source does not take prices away at once.
 */
export interface TtlCache<T> {
  get(): Promise<T>;
}

export function createTtlCache<T>(
  fetchValue: () => Promise<T>,
  options: { ttlMs: number; staleForMs: number; now?: () => number },
): TtlCache<T> {
  const now = options.now ?? Date.now;
  let value: { data: T; fetchedAt: number } | null = null;
  let inFlight: Promise<T> | null = null;

  const refresh = () => {
    inFlight ??= fetchValue()
      .then((data) => {
        value = { data, fetchedAt: now() };
        return data;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  return {
    async get() {
      const age = value ? now() - value.fetchedAt : Infinity;
      if (value && age < options.ttlMs) return value.data;
      try {
        return await refresh();
      } catch (error) {
        if (value && now() - value.fetchedAt < options.ttlMs + options.staleForMs) return value.data;
        throw error;
      }
    },
  };
}
