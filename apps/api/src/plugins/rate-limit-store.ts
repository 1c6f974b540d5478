import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { queryRows } from '../db/rows.ts';

/** How a route's requests reach the shared counter (see the `counting` route option below). */
export type RouteCounting = 'each' | 'batched';

/** The counts of the routes with `counting: 'batched'` (createBatchedCounts in rate-limit-batched.ts). */
export interface BatchedCounts {
  /** Counts one request of `key` and answers at once: the shared count last read plus this process's hits since. */
  incr(key: string, windowMs: number): { current: number; ttl: number };
  /** The count as incr would answer it without counting; undefined when this process has not counted the key. */
  read(key: string): { current: number; ttl: number } | undefined;
  /** Adds the pending hits to the shared rows now. */
  flush(): Promise<void>;
  /** Flushes and stops (the app's close). */
  close(): Promise<void>;
}

/** Ended windows are deleted this often (each process sweeps; a DELETE of ended rows is idempotent). */
export const RATE_LIMIT_SWEEP_MS = 60_000;

/**
 * Counts `hits` requests (one by default) of `key` in a fixed window of `windowMs` and returns the count and the time
 * left, in ONE atomic statement: the row is created, bumped, or restarted when its window has ended, under the row lock, so
 * concurrent requests on any number of API processes each get their own count. The clock is the app's
 * (`config.now`): replicas run NTP-synchronised clocks, and a skew of a second moves a window's end by that much
 * at most. `hits` stops growing near the integer limit (a request beyond the limit is refused all the same).
 */
export async function countHit(
  db: Pick<Database, 'execute'>,
  key: string,
  windowMs: number,
  now: Date,
  hits = 1,
): Promise<{ current: number; ttl: number }> {
  const at = now.toISOString();
  const resetsAt = new Date(now.getTime() + windowMs).toISOString();
  const [row] = await queryRows<{ hits: number; resets_at: string | Date }>(
    db,
    sql`INSERT INTO rate_limit_counters AS c (key, hits, resets_at) VALUES (${key}, ${hits}::int, ${resetsAt}::timestamptz)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN c.resets_at <= ${at}::timestamptz THEN EXCLUDED.hits ELSE LEAST(c.hits::bigint + EXCLUDED.hits, 2147483647)::int END,
        resets_at = CASE WHEN c.resets_at <= ${at}::timestamptz THEN EXCLUDED.resets_at ELSE c.resets_at END
      RETURNING hits, resets_at`,
  );
  if (!row) throw new Error('rate limit counter: the upsert returned no row');
  return { current: row.hits, ttl: Math.max(0, new Date(row.resets_at).getTime() - now.getTime()) };
}

/** The count of `key` in its current window without counting a request (0 when no window is running). */
export async function readHits(
  db: Pick<Database, 'execute'>,
  key: string,
  now: Date,
): Promise<{ current: number; ttl: number }> {
  const [row] = await queryRows<{ hits: number; resets_at: string | Date }>(
    db,
    sql`SELECT hits, resets_at FROM rate_limit_counters WHERE key = ${key} AND resets_at > ${now.toISOString()}::timestamptz`,
  );
  return row ? { current: row.hits, ttl: new Date(row.resets_at).getTime() - now.getTime() } : { current: 0, ttl: 0 };
}

/** Deletes the counters whose window has ended (they would restart at 1 anyway). Returns how many. */
export async function sweepRateLimitCounters(db: Pick<Database, 'execute'>, now: Date): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM rate_limit_counters WHERE resets_at <= ${now.toISOString()}::timestamptz RETURNING key`,
  );
  return rows.length;
}

/** What @fastify/rate-limit hands `child`: the route's merged limit options with the route itself. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  counting?: RouteCounting;
}

declare module '@fastify/rate-limit' {
  interface RateLimitOptions {
    /**
     * 'each' (default): every request is counted in the shared row as it comes — exact across replicas. 'batched':
     * counted in the process and added to the shared row every few hundred milliseconds (rate-limit-batched.ts), for
     * a route asked for many times a second that writes nothing itself.
     */
    counting?: RouteCounting;
  }
}

/**
 * A @fastify/rate-limit store on PostgreSQL (PGlite embedded), so a limit holds across every API process on the
 * database rather than per process. Written here because the maintained stores are in-memory or Redis and the
 * product's one shared store is PostgreSQL. Each route gets its own key space (method and URL, as the Redis store
 * does). Fixed windows only: the routes use neither `continueExceeding` nor `exponentialBackoff`.
 */
export function postgresRateLimitStore(db: Database, now: () => Date, batched: BatchedCounts): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
      private readonly counting: RouteCounting = 'each',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      if (this.counting === 'batched') {
        callback(null, batched.incr(this.prefix + key, timeWindow));
        return;
      }
      countHit(db, this.prefix + key, timeWindow, now()).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      const counted = this.counting === 'batched' ? batched.read(this.prefix + key) : undefined;
      if (counted) {
        callback(null, counted);
        return;
      }
      readHits(db, this.prefix + key, now()).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: unknown): FastifyRateLimitStore {
      const { routeInfo, counting } = options as ChildOptions;
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore({}, `${this.prefix}${method} ${routeInfo?.url ?? ''}|`, counting ?? this.counting);
    }
  }
  return PostgresRateLimitStore;
}
