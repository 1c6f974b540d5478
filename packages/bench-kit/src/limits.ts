/**
 * The limits every bench runs under. A bench is a script that must end, with its figures or with the reason it could
 * not produce them: `runBench` gives the whole script a time limit, `step` gives each step its own, and a step that
 * cannot proceed throws at once (a refused socket, a server that exits, a 429) instead of waiting for what will not
 * come. Whatever way the bench ends, the processes it started are killed (the process kit's `onExit` registry).
 *
 * A time limit fires from a timer, so it stops a bench that waits; a bench stuck in synchronous code is stopped by
 * the smoke runner, which kills the whole process group at its own limit.
 */
import { killAll } from './process/exit-registry.ts';

/** Exit code of a bench that ran to its end and printed its figures, but missed a target it checks. */
export const TARGET_MISSED_EXIT = 3;

/** Overrides every bench's overall limit (seconds); the smoke runner sets it a little below its own. */
export const TIME_LIMIT_ENV = 'BENCH_TIME_LIMIT_S';

const running = new Set<string>();

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const seconds = (s: number) => `${Number(s.toFixed(1))} s`;

/** Rejects with `what: no result within N s` when the promise has not settled by then. */
export async function within<T>(work: Promise<T>, limitS: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result within ${seconds(limitS)}`)), limitS * 1000);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One step of a bench, with its own limit. Its name is what the overall limit reports when it fires during the step,
 * and it prefixes the step's error, so a failure reads as the path to it ("1000 sockets: connect: socket 51 …").
 */
export async function step<T>(what: string, limitS: number, work: () => Promise<T>): Promise<T> {
  running.add(what);
  try {
    return await within(work(), limitS, what);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(`${what}: `)) throw error;
    throw new Error(`${what}: ${messageOf(error)}`, { cause: error });
  } finally {
    running.delete(what);
  }
}

export interface BenchOptions {
  /** The name printed with a failure, e.g. `bench:realtime`. */
  name: string;
  /** The overall limit for this run's size, in seconds (TIME_LIMIT_ENV overrides it). */
  limitS: number;
}

/** The overall limit a run gets: the environment's when set (the smoke runner), else the bench's own for its size. */
export function overallLimitS(ownS: number): number {
  const fromEnv = Number(process.env[TIME_LIMIT_ENV]);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : ownS;
}

/**
 * Runs a bench's main function under its overall limit and ends the process: with 0 (or the exit code the bench
 * set, e.g. TARGET_MISSED_EXIT), or with 1 and the reason. The process ends even if something still holds the event
 * loop (a socket left open), so a bench that finished never hangs on its way out.
 */
export async function runBench(options: BenchOptions, main: () => Promise<void>): Promise<never> {
  const limitS = overallLimitS(options.limitS);
  const timer = setTimeout(() => {
    const during = running.size > 0 ? `, during: ${[...running].join(' › ')}` : '';
    console.error(`[${options.name}] FAILED: over its time limit of ${seconds(limitS)}${during}`);
    killAll();
    process.exit(1);
  }, limitS * 1000);
  try {
    await main();
  } catch (error) {
    console.error(`[${options.name}] FAILED: ${messageOf(error)}`);
    if (process.env.BENCH_DEBUG && error instanceof Error) console.error(error.stack);
    killAll();
    process.exit(1);
  }
  clearTimeout(timer);
  killAll();
  process.exit(process.exitCode ?? 0);
}

/** `--name=value` and `--flag` arguments as a map (flags map to 'true'); anything else is left to the bench. */
export function parseFlags(argv = process.argv.slice(2)): Map<string, string> {
  return new Map(
    argv
      .filter((a) => a.startsWith('--'))
      .map((a) => {
        const [k, ...v] = a.slice(2).split('=');
        return [k ?? '', v.length > 0 ? v.join('=') : 'true'] as const;
      }),
  );
}

/** A positive number flag, or the default; anything else stops the bench before it starts. */
export function numberFlag(flags: Map<string, string>, name: string, fallback: number): number {
  const raw = flags.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name}=${raw} is not a number`);
  return value;
}
