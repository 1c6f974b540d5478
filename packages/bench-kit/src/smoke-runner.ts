/**
 * Runs one bench at smoke size and says whether it ran end to end: it must exit by itself within its limit (0, or
 * TARGET_MISSED_EXIT: a missed target is a figure, and figures are not judged here) and print every figure line it
 * is expected to print. The bench runs in its own process group (the process kit's `group`), so at the limit the
 * whole group is killed (npm, tsx, the bench, its servers), not just the first process.
 */
import { TARGET_MISSED_EXIT, TIME_LIMIT_ENV } from './limits.ts';
import { startProcess, type StartedProcess } from './process/start-process.ts';

export interface SmokeBench {
  /** e.g. `bench:realtime`. */
  name: string;
  /** The command and its arguments. */
  command: string[];
  /** Seconds it may take in all; the bench itself is told a little less (TIME_LIMIT_ENV), so it names its step. */
  limitS: number;
  /** Each must match at least one line of its output. */
  figures: RegExp[];
  /** Variables to set (a value of undefined removes the variable). */
  env?: Record<string, string | undefined>;
}

export interface SmokeResult {
  name: string;
  ok: boolean;
  seconds: number;
  /** Why it failed, or a note on a success (a missed target). */
  reason?: string;
}

/**
 * The bench's own limit: a little below the runner's, so a bench that still runs its timers stops itself, cleans up
 * and names its step; the runner's limit is for one that cannot (stuck in synchronous code).
 */
export function benchLimitS(limitS: number): number {
  return Math.max(1, Math.floor(limitS - Math.min(10, limitS / 5)));
}

export async function runSmokeBench(bench: SmokeBench, print: (line: string) => void, cwd = process.cwd()): Promise<SmokeResult> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, [TIME_LIMIT_ENV]: String(benchLimitS(bench.limitS)) };
  for (const [key, value] of Object.entries(bench.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const lines: string[] = [];
  const result = (ok: boolean, reason?: string): SmokeResult => ({
    name: bench.name,
    ok,
    seconds: (performance.now() - started) / 1000,
    ...(reason ? { reason } : {}),
  });
  const [command, ...args] = bench.command;
  let child: StartedProcess;
  try {
    child = await startProcess({
      name: bench.name,
      command: command ?? 'false',
      args,
      cwd,
      env,
      group: true,
      onLine: (line) => {
        lines.push(line.text);
        print(line.text);
      },
    });
  } catch (error) {
    return result(false, `could not be started: ${firstLine(error)}`);
  }
  // Whatever the bench left behind in its group goes with it, as soon as it exits.
  child.child.once('exit', () => child.kill('SIGKILL'));

  // At the runner's limit the bench has already missed its own, so it is beyond asking: SIGKILL to the group.
  let timedOut = false;
  const limit = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, bench.limitS * 1000);
  // resolves once its output is complete (or 2 s after its exit)
  const exit = await child.exited;
  clearTimeout(limit);
  child.kill('SIGKILL');

  if (timedOut) return result(false, `no end within its limit of ${bench.limitS} s: killed`);
  if (exit.code !== 0 && exit.code !== TARGET_MISSED_EXIT) return result(false, `exited with code ${exit.code}`);
  const missing = bench.figures.filter((figure) => !lines.some((line) => figure.test(line)));
  if (missing.length > 0) return result(false, `missing figure line${missing.length > 1 ? 's' : ''}: ${missing.map(String).join(', ')}`);
  return result(true, exit.code === TARGET_MISSED_EXIT ? 'ran to its end; a target was missed (not judged here)' : undefined);
}

/** The first line of a failed start's message (the rest is the output it printed: none). */
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
