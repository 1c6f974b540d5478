/**
 * The server a bench measures runs in a child process (so the load generator's work and memory are not counted as
 * the server's). startChild starts it and waits for it to be ready, for at most its limit; a child that exits first
 * fails the start at once with its exit code. The child is killed when the bench ends in any way (limits.ts).
 *
 * Protocol (child-side.ts is the other half): the child sends `{ kind: 'ready', value }` over IPC when it serves;
 * the parent may send `{ kind: 'request', id, body }` and gets `{ kind: 'reply', id, value }`. A server that does not
 * speak it (the product's own server.ts) is ready when `probeUrl` answers 200. SIGTERM stops either. Both are
 * started by the process kit (process/start-process.ts).
 */
import { startProcess } from './process/start-process.ts';
import { within } from './limits.ts';

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
  /** Ready when a GET to this URL answers 200; without it, when the child sends its ready message. */
  probeUrl?: string;
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
const isReady = (message: unknown): boolean => (message as FromChild | null)?.kind === 'ready';

export async function startChild<Ready = undefined>(options: ChildOptions): Promise<BenchChild<Ready>> {
  const common = {
    name: options.name,
    command: process.execPath,
    args: [...(options.nodeFlags ?? []), '--import', 'tsx', options.script, ...(options.args ?? [])],
    ipc: true,
    echo: options.quiet ? ('stderr' as const) : ('all' as const),
    readyWithinMs: options.readyWithinS * 1000,
    ...(options.env ? { env: options.env } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
  };
  const started = options.probeUrl
    ? await startProcess({ ...common, ready: { url: options.probeUrl, pollMs: 250 } })
    : await startProcess({ ...common, ready: { message: isReady } });
  const { child } = started;
  const gone = (doing: string) => started.exited.then((exit) => Promise.reject(new Error(`${options.name} ${exit.description} ${doing}`)));
  const replies = new Map<number, (value: unknown) => void>();
  child.on('message', (message: FromChild) => {
    if (message.kind === 'reply') replies.get(message.id)?.(message.value);
  });

  let nextId = 0;
  return {
    pid: started.pid,
    ready: (options.probeUrl ? undefined : (started.ready as FromChild & { kind: 'ready' }).value) as Ready,
    request: <Reply>(body: unknown, withinS: number) => {
      const exit = started.exit();
      if (exit) return Promise.reject(new Error(`${options.name} ${exit.description} before it answered`));
      const id = nextId++;
      const answered = new Promise<Reply>((resolve) => replies.set(id, (value) => resolve(value as Reply)));
      child.send({ kind: 'request', id, body });
      return within(Promise.race([answered, gone('before it answered')]), withinS, `${options.name} request`).finally(() =>
        replies.delete(id),
      );
    },
    stop: async (withinS = 15) => {
      const exit = await started.stop(withinS * 1000);
      if (exit.forced) throw new Error(`${options.name} stop: no result within ${Number(withinS.toFixed(1))} s`);
    },
  };
}

/**
 * Runs a command to its end (a build); its output goes to ours. Fails with its exit code, or at the limit. It runs
 * in a process group of its own, killed whole, so `npm run x` does not leave its x running.
 */
export async function runCommand(command: string, args: string[], options: { cwd?: string; withinS: number; quiet?: boolean }): Promise<void> {
  const what = [command, ...args].join(' ');
  const started = await startProcess({ name: what, command, args, group: true, echo: options.quiet ? 'stderr' : 'all', ...(options.cwd ? { cwd: options.cwd } : {}) });
  try {
    const exit = await within(started.exited, options.withinS, what);
    if (exit.code !== 0) throw new Error(`${what} ${exit.description}`);
  } finally {
    // whatever the command left running in its group goes with it
    started.kill('SIGKILL');
  }
}
