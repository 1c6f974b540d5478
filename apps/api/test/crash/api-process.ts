// A real API process (src/server.ts) for the crash tests: spawned with its own environment, killed by its own
// fail-point (JELLY_FAILPOINT) or stopped by the test. Kept small on purpose (one process at a time); the process
// kit starts it and kills it if the test process ends first.
import { apiProcess } from '@jelly/bench-kit/process';

const READY_TIMEOUT_MS = 120_000;
/** A graceful stop has this long before SIGKILL (the processes drain for 0 s; a loaded machine closes slowly). */
const STOP_GRACE_MS = 60_000;

export interface ApiProcess {
  url: string;
  /** Resolves with the signal that ended the process (SIGKILL when its fail-point fired), or null for an exit code. */
  exited: Promise<NodeJS.Signals | null>;
  /** What it printed (stderr and stdout), for the failure message of a test. */
  output: () => string;
  stop: () => Promise<void>;
  /** kill -9: the process dies wherever it is, as a crashed host's would. */
  kill: () => Promise<NodeJS.Signals | null>;
}

/**
 * Starts `tsx src/server.ts` (the process kit's API preset) with `env` (on top of PATH and HOME only) and waits for
 * /api/health to answer 200. `apiDir`: another checkout's apps/api (an older build, old-replica.test.ts); this
 * checkout's by default.
 */
export async function startApi(env: Record<string, string>, options: { apiDir?: string } = {}): Promise<ApiProcess> {
  const api = await apiProcess({
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    readyWithinMs: READY_TIMEOUT_MS,
    ...(options.apiDir ? { apiDir: options.apiDir } : {}),
  });
  const exited = api.exited.then((exit) => exit.signal);
  return {
    url: api.url,
    exited,
    output: () => api.output(),
    stop: async () => {
      await api.stop(STOP_GRACE_MS);
    },
    kill: async () => {
      api.kill('SIGKILL');
      return exited;
    },
  };
}

/**
 * Polls `read` until `done` accepts its value or `timeoutMs` passes (then throws with the last value): the tests
 * wait for another process's work, which they can only observe from outside.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (done(last)) return last;
    if (Date.now() > deadline) throw new Error(`${what}: still not done after ${timeoutMs / 1000} s (last: ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
