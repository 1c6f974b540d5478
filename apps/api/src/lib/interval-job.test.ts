import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IntervalJobs, type JobRun } from './interval-job.ts';

const EVERY_MS = 1_000;

/** A job whose runs are counted and, when `blocked`, wait until the test releases them. */
function harness() {
  const logs: { level: 'debug' | 'error'; obj: Record<string, unknown>; msg: string }[] = [];
  const log = {
    debug: (obj: Record<string, unknown>, msg: string) => logs.push({ level: 'debug', obj, msg }),
    error: (obj: Record<string, unknown>, msg: string) => logs.push({ level: 'error', obj, msg }),
  };
  const jobs = new IntervalJobs(log as unknown as ConstructorParameters<typeof IntervalJobs>[0]);
  const runs: JobRun[] = [];
  jobs.onRun((run) => runs.push(run));
  const counts = { started: 0, finished: 0 };
  let release: () => void = () => {};
  const options = { blocked: false, failures: 0 };
  jobs.add({
    name: 'sweep',
    everyMs: EVERY_MS,
    run: async () => {
      counts.started += 1;
      if (options.blocked) await new Promise<void>((resolve) => (release = resolve));
      if (options.failures > 0) {
        options.failures -= 1;
        throw new Error('node down');
      }
      counts.finished += 1;
    },
  });
  return { jobs, logs, runs, counts, options, release: () => release(), advance: (ms: number) => vi.advanceTimersByTimeAsync(ms) };
}
type Harness = ReturnType<typeof harness>;

const rules: { rule: string; check: (h: Harness) => Promise<void> }[] = [
  {
    rule: 'nothing runs before the app is ready; the first run is at start, then one every everyMs',
    check: async (h) => {
      await h.advance(5 * EVERY_MS);
      expect(h.counts.started).toBe(0);
      h.jobs.start();
      await h.advance(0);
      expect(h.counts.started).toBe(1);
      await h.advance(2 * EVERY_MS);
      expect(h.counts.started).toBe(3);
    },
  },
  {
    rule: 'never two runs at once: a tick during a run is skipped and logged at debug',
    check: async (h) => {
      h.options.blocked = true;
      h.jobs.start();
      await h.advance(3 * EVERY_MS);
      expect(h.counts.started).toBe(1);
      expect(h.logs.filter((l) => l.level === 'debug')).toEqual(
        Array.from({ length: 3 }, () => ({ level: 'debug', obj: { job: 'sweep' }, msg: 'job still running; tick skipped' })),
      );
      h.options.blocked = false;
      h.release();
      await h.advance(EVERY_MS);
      expect(h.counts).toEqual({ started: 2, finished: 2 });
    },
  },
  {
    rule: 'the timer does not keep the process alive',
    check: async (h) => {
      const timers: NodeJS.Timeout[] = [];
      const real = globalThis.setInterval;
      const spy = vi.spyOn(globalThis, 'setInterval').mockImplementation(((fn: () => void, ms: number) => {
        const timer = real(fn, ms);
        timers.push(timer);
        return timer;
      }) as typeof setInterval);
      h.jobs.start();
      spy.mockRestore();
      expect(timers.map((timer) => timer.hasRef())).toEqual([false]);
    },
  },
  {
    rule: 'a run that throws is logged with the job name and the job goes on',
    check: async (h) => {
      h.options.failures = 1;
      h.jobs.start();
      await h.advance(0);
      const errors = h.logs.filter((l) => l.level === 'error');
      expect(errors.map((l) => [l.obj.job, (l.obj.err as Error).message, l.msg])).toEqual([['sweep', 'node down', 'job sweep failed']]);
      await h.advance(EVERY_MS);
      expect(h.counts).toEqual({ started: 2, finished: 1 });
    },
  },
  {
    rule: 'pause (the drain) starts no new run; the run in progress finishes',
    check: async (h) => {
      h.options.blocked = true;
      h.jobs.start();
      await h.advance(0);
      h.jobs.pause();
      h.release();
      await h.advance(10 * EVERY_MS);
      expect(h.counts).toEqual({ started: 1, finished: 1 });
      expect(h.jobs.paused).toBe(true);
    },
  },
  {
    rule: 'close stops the timer and waits for the run in progress',
    check: async (h) => {
      h.options.blocked = true;
      h.jobs.start();
      await h.advance(0);
      let closed = false;
      const closing = h.jobs.close().then(() => (closed = true));
      await h.advance(5 * EVERY_MS);
      expect([closed, h.counts.finished]).toEqual([false, 0]);
      h.release();
      await closing;
      expect([closed, h.counts.finished]).toEqual([true, 1]);
      await h.advance(5 * EVERY_MS);
      expect(h.counts.started).toBe(1);
    },
  },
  {
    rule: 'each run is reported to the observers: the job, its duration and whether it threw',
    check: async (h) => {
      h.options.blocked = true;
      h.options.failures = 1;
      h.jobs.start();
      await h.advance(250);
      h.options.blocked = false;
      h.release();
      await h.advance(EVERY_MS - 250);
      expect(h.runs).toEqual([
        { job: 'sweep', ms: 250, ok: false },
        { job: 'sweep', ms: 0, ok: true },
      ]);
    },
  },
  {
    rule: 'an observer that throws is logged and stops nothing',
    check: async (h) => {
      h.jobs.onRun(() => {
        throw new Error('metrics broke');
      });
      h.jobs.start();
      await h.advance(EVERY_MS);
      expect(h.counts.finished).toBe(2);
      expect(h.logs.filter((l) => l.msg === 'job observer failed')).toHaveLength(2);
    },
  },
  {
    rule: 'a job that is off (everyMs 0) never runs; a name used twice or a job added after start is refused',
    check: async (h) => {
      let offRuns = 0;
      h.jobs.add({ name: 'off', everyMs: 0, run: async () => void (offRuns += 1) });
      expect(() => h.jobs.add({ name: 'sweep', everyMs: EVERY_MS, run: async () => undefined })).toThrow('job sweep added twice');
      h.jobs.start();
      await h.advance(3 * EVERY_MS);
      expect([offRuns, h.jobs.names()]).toEqual([0, ['sweep']]);
      expect(() => h.jobs.add({ name: 'late', everyMs: EVERY_MS, run: async () => undefined })).toThrow('job late added after the jobs started');
    },
  },
];

describe('lib/interval-job: the rules every periodic job follows', () => {
  let h: Harness;
  beforeEach(() => {
    vi.useFakeTimers();
    h = harness();
  });
  afterEach(async () => {
    h.options.blocked = false;
    h.release();
    await h.jobs.close();
    vi.useRealTimers();
  });

  it.each(rules)('$rule', async ({ check }) => {
    await check(h);
  });
});
