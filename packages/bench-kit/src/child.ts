/**
 * The server a bench measures runs in a child process (so the load generator's work and memory are not counted as
 * the server's). startChild starts it and waits for it to be ready, for at most its limit; a child that exits first
 * fails the start at once with its exit code. The child is killed when the bench ends in any way (limits.ts).
 *
 * Protocol (child-side.ts is the other half): the child sends `{ kind: 'ready', value }` over IPC when it serves;
 * the parent may send `{ kind: 'request', id, body }` and gets `{ kind: 'reply', id, value }`. A server that does not
 * speak it (the product's own server.ts) is ready when `probe` answers true. SIGTERM stops either.
 */
import { fork, spawn } from 'node:child_process';
import { onExit, within } from './limits.ts';

export interface ChildOptions {
  /** What the messages call it, e.g. 'API server'. */
  name: string;
  /** A TypeScript file, run with tsx. */
  script: string;
  args?: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Extra node flags, e.g. --expose-gc. */
  nodeFlags?: string[];
  /** Seconds the child may take to be ready. */
  readyWithinS: number;
  /** Ready when this answers true; without it, when the child sends its ready message. */
  probe?: () => Promise<boolean>;
  /** Drop the child's stdout (its logs), keep stderr. */
  quiet?: boolean;
}

export interface BenchChild<Ready> {
  pid: number;
  ready: Ready;
  /** One request to the child; fails at once if the child exits, or after `withinS`. */
  request<Reply>(body: unknown, withinS: number): Promise<Reply>;
  /** SIGTERM, then SIGKILL and an error if it has not exited within `withinS`. */
  stop(withinS?: number): Promise<void>;
}

type FromChild = { kind: 'ready'; value: unknown } | { kind: 'reply'; id: number; value: unknown };

export async function startChild<Ready = undefined>(options: ChildOptions): Promise<BenchChild<Ready>> {
  const child = fork(options.script, options.args ?? [], {
    execArgv: [...(options.nodeFlags ?? []), '--import', 'tsx'],
    ...(options.env ? { env: options.env } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit', 'ipc'],
  });
  const pid = child.pid ?? -1;
  const forget = onExit(() => child.kill('SIGKILL'));
  let exitReason: string | null = null;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      exitReason = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      forget();
      resolve(exitReason);
    });
  });
  // A spawn error (or a send to a child that is gone) is reported through the calls below, not as a crash.
  child.on('error', (error) => {
    exitReason ??= `could not be run: ${error.message}`;
  });
  const gone = (doing: string) => exited.then((reason) => Promise.reject(new Error(`${options.name} ${reason} ${doing}`)));

  let readyMessage: (value: unknown) => void = () => {};
  const replies = new Map<number, (value: unknown) => void>();
  child.on('message', (message: FromChild) => {
    if (message.kind === 'ready') readyMessage(message.value);
    else if (message.kind === 'reply') replies.get(message.id)?.(message.value);
  });

  const whenReady = options.probe
    ? (async () => {
        for (;;) {
          if (exitReason) return undefined;
          if (await options.probe!().catch(() => false)) return undefined;
          await new Promise((next) => setTimeout(next, 250));
        }
      })()
    : new Promise<unknown>((resolve) => (readyMessage = resolve));
  let ready: unknown;
  try {
    ready = await within(
      Promise.race([whenReady, gone('before it was ready')]),
      options.readyWithinS,
      `${options.name} start`,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  let nextId = 0;
  return {
    pid,
    ready: ready as Ready,
    request: <Reply>(body: unknown, withinS: number) => {
      if (exitReason) return Promise.reject(new Error(`${options.name} ${exitReason} before it answered`));
      const id = nextId++;
      const answered = new Promise<Reply>((resolve) => replies.set(id, (value) => resolve(value as Reply)));
      child.send({ kind: 'request', id, body });
      return within(Promise.race([answered, gone('before it answered')]), withinS, `${options.name} request`).finally(() =>
        replies.delete(id),
      );
    },
    stop: async (withinS = 15) => {
      if (exitReason) return;
      child.kill('SIGTERM');
      try {
        await within(exited, withinS, `${options.name} stop`);
      } catch (error) {
        child.kill('SIGKILL');
        throw error;
      }
    },
  };
}

/**
 * Runs a command to its end (a build); its output goes to ours. Fails with its exit code, or at the limit. It runs
 * in a process group of its own, killed whole, so `npm run x` does not leave its x running.
 */
export async function runCommand(command: string, args: string[], options: { cwd?: string; withinS: number; quiet?: boolean }): Promise<void> {
  const child = spawn(command, args, { cwd: options.cwd, detached: true, stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'] });
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is gone
    }
  };
  const forget = onExit(killGroup);
  const ended = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`))));
  });
  try {
    await within(ended, options.withinS, [command, ...args].join(' '));
  } finally {
    killGroup();
    forget();
  }
}
