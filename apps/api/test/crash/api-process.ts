// A real API process (src/server.ts) for the crash tests: spawned with its own environment, killed by its own
// fail-point (JELLY_FAILPOINT) or stopped by the test. Kept small on purpose (one process at a time).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 120_000;

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

/** A port the OS says is free now (the server is told it through PORT). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `tsx src/server.ts` with `env` (on top of PATH and HOME only) and waits for /api/health to answer 200.
 * `apiDir`: another checkout's apps/api (an older build, old-replica.test.ts); this checkout's by default.
 */
export async function startApi(env: Record<string, string>, options: { apiDir?: string } = {}): Promise<ApiProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: options.apiDir ?? API_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(port), SHUTDOWN_DRAIN_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  const url = `http://127.0.0.1:${port}`;
  let alive = true;
  void exited.then(() => {
    alive = false;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (!alive) throw new Error(`the API process exited before it was ready:\n${log}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API process was not ready in ${READY_TIMEOUT_MS / 1000} s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    exited,
    output: () => log,
    stop: async () => {
      if (alive) child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      if (alive) child.kill('SIGKILL');
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
