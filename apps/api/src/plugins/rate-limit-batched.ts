import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connect.ts';
import { countHit, type BatchedCounts } from './rate-limit-store.ts';

/** How often the hits a process counted are added to the shared rows. */
export const BATCHED_FLUSH_MS = 200;

interface Tally {
  windowMs: number;
  /** The key's shared count when this process last added its hits (every process's hits). */
  shared: number;
  /** Hits counted here since. */
  pending: number;
  resetsAt: number;
}

/**
 * Counting for a route asked for many times a second that writes nothing itself (the swap quote): one upsert per
 * request would cost more than the request, and an embedded database blocks the process while it writes. Each
 * process counts a key's hits in memory and adds them to the key's shared row (the same rate_limit_counters row and
 * statement as per-request counting) in one upsert per key every BATCHED_FLUSH_MS; a request is judged on the shared
 * count last read plus this process's hits since. Within one process the limit is exact; across N replicas a steady
 * rate is held to it, and a burst split over them can pass it by what the others admitted within one flush interval.
 * A process that dies loses at most its last interval's hits.
 */
export function createBatchedCounts(db: Database, now: () => Date, log?: FastifyBaseLogger): BatchedCounts {
  const tallies = new Map<string, Tally>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let closed = false;

  const addPending = async () => {
    const at = now();
    for (const [key, tally] of tallies) {
      if (tally.pending === 0) {
        if (tally.resetsAt <= at.getTime()) tallies.delete(key);
        continue;
      }
      const hits = tally.pending;
      const counted = await countHit(db, key, tally.windowMs, at, hits);
      tally.pending -= hits; // hits counted while the upsert ran stay pending
      tally.shared = counted.current;
      tally.resetsAt = at.getTime() + counted.ttl;
    }
  };
  const flush = () => {
    timer = null;
    flushing = flushing.then(addPending).catch((error: unknown) => log?.warn({ err: error }, 'rate limit counts could not be added'));
    return flushing;
  };
  const answer = (tally: Tally, at: number) => ({ current: tally.shared + tally.pending, ttl: Math.max(0, tally.resetsAt - at) });

  return {
    incr(key, windowMs) {
      const at = now().getTime();
      let tally = tallies.get(key);
      if (!tally || tally.resetsAt <= at) {
        tally = { windowMs, shared: 0, pending: 0, resetsAt: at + windowMs };
        tallies.set(key, tally);
      }
      tally.pending += 1;
      if (!timer && !closed) {
        timer = setTimeout(() => void flush(), BATCHED_FLUSH_MS);
        timer.unref();
      }
      return answer(tally, at);
    },
    read(key) {
      const tally = tallies.get(key);
      const at = now().getTime();
      return tally && tally.resetsAt > at ? answer(tally, at) : undefined;
    },
    flush,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await flush();
    },
  };
}
