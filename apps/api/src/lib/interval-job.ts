import type { FastifyBaseLogger } from 'fastify';
import { withLogContext } from './log-context.ts';
import { logEvent } from './log-events.ts';

/**
 * The one way the server runs periodic work. The rules, for every job:
 * - it starts when the app is ready (`start`, from the app's onReady), never at registration: its first run then,
 *   the next ones every `everyMs`; `everyMs` 0 or less means the job is off;
 * - never two runs of one job at once: a tick while a run is in progress is skipped (logged at debug);
 * - its timer is `unref`ed: a job never keeps the process alive;
 * - every line logged during a run carries the job's name (`job`, lib/log-context.ts); a run that throws is logged
 *   (error, event job.failed) and the job goes on at its next tick;
 * - `pause` (the start of a drain) stops new runs; a run in progress finishes;
 * - `close` stops the timer and waits for the run in progress, so nothing the job claimed is left half-done by a
 *   shutdown that closes the database under it;
 * - every finished run is reported to the `onRun` observers (metrics): the job's name, its duration and whether it
 *   threw.
 *
 * Written here rather than taken from @fastify/schedule (toad-scheduler): its overlap guard fits, but its stop does
 * not wait for the run in progress and it has no pause for a drain, which are the two rules money depends on; the
 * whole of ours is a timer and a promise per job.
 */

export interface JobSpec {
  /** Names the job in logs and metrics; unique in a registry. */
  name: string;
  /** From the job's configuration; 0 or less: the job is off. */
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface JobRun {
  job: string;
  ms: number;
  ok: boolean;
}

export type JobObserver = (run: JobRun) => void;

type JobLog = Pick<FastifyBaseLogger, 'debug' | 'error'>;

class IntervalJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    readonly spec: JobSpec,
    private readonly jobs: IntervalJobs,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.tick(), this.spec.everyMs);
    this.timer.unref();
    this.tick();
  }

  tick(): void {
    if (this.jobs.paused) return;
    if (this.running) {
      this.jobs.log.debug({ job: this.spec.name }, 'job still running; tick skipped');
      return;
    }
    this.running = this.runOnce().finally(() => {
      this.running = null;
    });
  }

  private async runOnce(): Promise<void> {
    const started = performance.now();
    let ok = true;
    try {
      await withLogContext({ job: this.spec.name }, () => this.spec.run());
    } catch (error) {
      ok = false;
      logEvent(this.jobs.log, 'job.failed', { err: error, job: this.spec.name }, `job ${this.spec.name} failed`);
    }
    this.jobs.report({ job: this.spec.name, ms: performance.now() - started, ok });
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

/** The app's periodic jobs (`app.jobs`): one list, started on ready, paused on drain, closed with the app. */
export class IntervalJobs {
  private readonly jobs = new Map<string, IntervalJob>();
  private readonly observers: JobObserver[] = [];
  private readonly added = new Set<string>();
  private started = false;
  private isPaused = false;

  constructor(readonly log: JobLog) {}

  get paused(): boolean {
    return this.isPaused;
  }

  /** Adds a job before the app is ready (a job that is off is left out); a second job of one name is refused. */
  add(spec: JobSpec): void {
    if (this.started) throw new Error(`job ${spec.name} added after the jobs started`);
    if (this.added.has(spec.name)) throw new Error(`job ${spec.name} added twice`);
    this.added.add(spec.name);
    if (spec.everyMs > 0) this.jobs.set(spec.name, new IntervalJob(spec, this));
  }

  /** The names of the jobs that run (tests, logs). */
  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Calls `observer` after every run of every job; returns its removal. */
  onRun(observer: JobObserver): () => void {
    this.observers.push(observer);
    return () => {
      const at = this.observers.indexOf(observer);
      if (at >= 0) this.observers.splice(at, 1);
    };
  }

  report(run: JobRun): void {
    for (const observer of this.observers) {
      try {
        observer(run);
      } catch (error) {
        // an observer (metrics) never stops a job
        this.log.error({ err: error, job: run.job }, 'job observer failed');
      }
    }
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) job.start();
  }

  /** The drain: no new run of any job from now on; runs in progress finish (close waits for them). */
  pause(): void {
    this.isPaused = true;
  }

  async close(): Promise<void> {
    this.pause();
    await Promise.all([...this.jobs.values()].map((job) => job.close()));
  }
}
