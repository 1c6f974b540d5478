/**
 * The cluster's processes (localnet, API replicas, HAProxy, stand-ins): each one's output goes to its own log file,
 * each is killed when the test process ends in any way (a failed assertion, a crash, Ctrl-C), and a start waits for a
 * readiness probe with a deadline, failing at once with the log's tail when the process exits first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

const running = new Set<ChildProcess>();
const killAll = () => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
};
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(1);
  });
}

/** A port nobody listens on now (the OS picks it); the process started on it next binds it. */
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

export interface ClusterProcess {
  name: string;
  /** Its process id (a bench reads its CPU time from /proc). */
  pid: number;
  logFile: string;
  /** How it ended, once it has; null while it runs. */
  exit(): string | null;
  /** `signal` (SIGTERM by default), then SIGKILL after `graceMs`; resolves when it is gone. */
  stop(graceMs?: number, signal?: NodeJS.Signals): Promise<void>;
  /** The last lines of its log. */
  tail(lines?: number): Promise<string>;
}

export interface StartOptions {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd: string;
  logDir: string;
  /** Ready when this answers true. */
  probe: () => Promise<boolean>;
  readyWithinMs: number;
}

/** Polls `check` until it answers a value (not undefined) or the deadline passes; throws `what` at the deadline. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, withinMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + withinMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${what}: not within ${withinMs} ms${cause}`);
    }
    await new Promise((next) => setTimeout(next, everyMs));
  }
}

export async function startProcess(options: StartOptions): Promise<ClusterProcess> {
  const logFile = join(options.logDir, `${options.name}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(options.command, options.args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  running.add(child);
  let ended: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = signal ? `killed by ${signal}` : `exited with code ${code}`;
      running.delete(child);
      resolve();
    });
  });
  child.once('error', (error) => {
    ended ??= `could not be run: ${error.message}`;
  });
  const tail = async (lines = 40) => (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-lines).join('\n');
  const handle: ClusterProcess = {
    name: options.name,
    pid: child.pid ?? 0,
    logFile,
    exit: () => ended,
    stop: async (graceMs = 5000, signal: NodeJS.Signals = 'SIGTERM') => {
      if (ended) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      log.end();
    },
    tail,
  };
  const deadline = Date.now() + options.readyWithinMs;
  for (;;) {
    const failure = ended
      ? `${options.name} ${String(ended)} before it was ready`
      : Date.now() > deadline
        ? `${options.name} not ready within ${options.readyWithinMs} ms`
        : null;
    if (failure) {
      child.kill('SIGKILL');
      throw new Error(`${failure}\n--- ${options.name} log ---\n${await tail()}`);
    }
    if (await options.probe().catch(() => false)) break;
    await new Promise((next) => setTimeout(next, 200));
  }
  return handle;
}

/** True when GET `url` answers 200. */
export async function answers200(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await response.body?.cancel();
  return response.status === 200;
}
