// The drain of a SIGTERM (server.ts calls app.startDraining): from then no job starts a run, so nothing new is
// claimed while the replica drains; the close that follows waits for the run in progress, with the database still
// open under it. Only the jobs' interval timers are faked, so the ticks are the test's to give.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers/test-app.ts';

const EVERY_MS = 1_000;
const counts = { quick: 0, blocked: 0 };
const events: string[] = [];
let release: () => void = () => {};
let t: TestApp;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  t = await createTestApp({
    extend: (app) => {
      app.jobs.add({ name: 'probe-quick', everyMs: EVERY_MS, run: async () => void (counts.quick += 1) });
      app.jobs.add({
        name: 'probe-blocked',
        everyMs: EVERY_MS,
        run: async () => {
          counts.blocked += 1;
          await new Promise<void>((resolve) => (release = resolve));
          await app.db.execute(sql`SELECT 1`);
          events.push('run finished');
        },
      });
    },
  });
});
afterAll(() => {
  vi.useRealTimers();
});

describe('the drain pauses every job; close waits for the run in progress', () => {
  it('registers the app list (jobs that are off left out) and starts every job on ready', async () => {
    expect(t.app.jobs.names()).toEqual(['payment-reminders', 'rate-limit-sweep', 'probe-quick', 'probe-blocked']);
    expect(counts).toEqual({ quick: 1, blocked: 1 });
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(counts).toEqual({ quick: 2, blocked: 1 });
  });

  it('runs no job after the drain starts', async () => {
    t.app.startDraining();
    expect([t.app.draining, t.app.jobs.paused]).toEqual([true, true]);
    await vi.advanceTimersByTimeAsync(10 * EVERY_MS);
    expect(counts).toEqual({ quick: 2, blocked: 1 });
  });

  it('closes only once the run in progress has finished, the database still open for it', async () => {
    const jobs = t.app.jobs;
    const close = jobs.close.bind(jobs);
    vi.spyOn(jobs, 'close').mockImplementation(() => {
      events.push('close called');
      const closing = close().then(() => void events.push('jobs closed'));
      // released a macrotask later: a close that did not wait would have finished by then
      setImmediate(() => release());
      return closing;
    });
    await t.close();
    expect(events).toEqual(['close called', 'run finished', 'jobs closed']);
    expect(counts).toEqual({ quick: 2, blocked: 1 });
  });
});
