import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../src/db/schema/index.ts';
import { createBatchedCounts } from '../src/plugins/rate-limit-batched.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Batched counting (a route with `counting: 'batched'`): two processes on one database count in memory and add their
 * hits to the same shared row; each answers from the shared count it last read plus its own hits since, so within a
 * process the count is exact, and once both have added their hits each sees every process's hits.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;
let n = 0;
const freshKey = () => `POST /test|192.0.2.${++n}`;
const sharedHits = async (key: string) =>
  (await t.app.db.select({ hits: rateLimitCounters.hits }).from(rateLimitCounters).where(eq(rateLimitCounters.key, key)))[0]?.hits;

describe('batched rate-limit counts', () => {
  it('count exactly within one process, and add the hits to the shared row in one write', async () => {
    const a = createBatchedCounts(t.app.db, t.clock.now);
    const key = freshKey();
    expect([1, 2, 3].map(() => a.incr(key, MINUTE))).toEqual([1, 2, 3].map((current) => ({ current, ttl: MINUTE })));
    expect(await sharedHits(key)).toBeUndefined(); // nothing written per request
    await a.flush();
    expect(await sharedHits(key)).toBe(3);
    expect(a.read(key)).toEqual({ current: 3, ttl: MINUTE });
    await a.close();
  });

  it("let two processes see each other's hits once both have added theirs", async () => {
    const a = createBatchedCounts(t.app.db, t.clock.now);
    const b = createBatchedCounts(t.app.db, t.clock.now);
    const key = freshKey();
    for (let i = 0; i < 3; i++) a.incr(key, MINUTE);
    await a.flush();
    expect(b.incr(key, MINUTE).current).toBe(1); // b has not read the shared row yet
    await b.flush();
    expect(b.read(key)?.current).toBe(4);
    expect(a.incr(key, MINUTE).current).toBe(4); // a's last reading (3) and its new hit
    await a.flush();
    expect(a.read(key)?.current).toBe(5);
    expect(b.incr(key, MINUTE).current).toBe(5);
    await b.flush();
    expect(await sharedHits(key)).toBe(6);
    await Promise.all([a.close(), b.close()]);
  });

  it('lose no hit counted while a write is under way, and restart the count in a new window', async () => {
    const a = createBatchedCounts(t.app.db, t.clock.now);
    const key = freshKey();
    a.incr(key, MINUTE);
    const writing = a.flush();
    a.incr(key, MINUTE);
    await writing;
    await a.flush();
    expect(await sharedHits(key)).toBe(2);
    expect(a.read(key)?.current).toBe(2);

    t.clock.advance(MINUTE);
    expect(a.read(key)).toBeUndefined();
    expect(a.incr(key, MINUTE)).toEqual({ current: 1, ttl: MINUTE });
    await a.close();
    expect(await sharedHits(key)).toBe(1);
  });
});
