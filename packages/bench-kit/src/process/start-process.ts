/**
 * startProcess: the one way a test or a bench starts a process (a server, a chain, a balancer, a command to answer).
 * It waits for the process to be ready, by an HTTP probe, a printed line or an IPC message, for at most its limit;
 * a process that exits first fails the start at once, and either failure carries the process's last lines. Every
 * process is in the kill-on-exit registry until it has exited, so the run that started it never leaves it behind.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { onExit } from './exit-registry.ts';
import { OutputLines, type Line, type Stream } from './output.ts';

/** When a process counts as ready. */
export type ReadyWhen =
  /** A GET to `url` answers `status` (200 by default), polled every `pollMs` (200). */
  | { url: string; status?: number; pollMs?: number }
  /** A line it printed (or is printing: a prompt without its newline) matches; a string matches as a substring. */
  | { line: RegExp | string; stream?: Stream }
  /** An IPC message (`ipc: true`) that `message` accepts. */
  | { message: (message: unknown) => boolean };

/** What a readiness check resolves with: the line's match, the IPC message, nothing for a probe. */
export type ReadyValue<W> = W extends { line: unknown } ? RegExpExecArray : W extends { message: unknown } ? unknown : undefined;

export interface ProcessOptions<W extends ReadyWhen | undefined = ReadyWhen | undefined> {
  /** What the messages call it, e.g. 'api-a'. */
  name: string;
  command: string;
  args?: string[];
  /** The whole environment (ours by default). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Without it, the process is ready once it has been spawned. */
  ready?: W;
  /** Required with `ready`: the limit on being ready. */
  readyWithinMs?: number;
  /** An IPC channel (a node script: `child.send`, `child.on('message')`). */
  ipc?: boolean;
  /** A pipe to its stdin (`child.stdin`) instead of none. */
  stdin?: boolean;
  /** Its own process group: stop, kill and the registry signal the whole group (an `npm run` and what it runs). */
  group?: boolean;
  /** Its output is written to this file too, whole (the lines in memory are the last ones only). */
  logFile?: string;
  /** Its output copied to ours as it comes: all of it, or stderr only. */
  echo?: 'all' | 'stderr';
  /** Lines kept in memory (default 2000). */
  keepLines?: number;
  /** Called with each whole line as it is printed (a runner that prints as it goes). */
  onLine?: (line: Line) => void;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** 'exited with code 0', 'was killed by SIGKILL', 'could not be run: …'. */
  description: string;
}

export interface StartedProcess<R = unknown> {
  name: string;
  pid: number;
  child: ChildProcess;
  /** What the readiness check resolved with. */
  ready: R;
  logFile?: string;
  /** Resolves once it has exited and its output is read (or 2 s after its exit, if a grandchild holds its pipes). */
  exited: Promise<Exit>;
  /** How it ended, once it has; null while it runs. */
  exit(): Exit | null;
  /** What it printed, from one stream or both. */
  output(stream?: Stream): string;
  /** Its last lines, for a failure message. */
  tail(lines?: number): string;
  /** Another readiness check on the running process (the same rules as the start's). */
  waitFor<W extends ReadyWhen>(when: W, withinMs: number): Promise<ReadyValue<W>>;
  /** Sends `signal` (SIGKILL by default) and returns; `exited` says when it is gone. A group is signalled even after its leader exited. */
  kill(signal?: NodeJS.Signals): void;
  /** `signal` (SIGTERM by default), then SIGKILL after `graceMs` (5 s); resolves once it is gone. */
  stop(graceMs?: number, signal?: NodeJS.Signals): Promise<Exit & { forced: boolean }>;
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `was killed by ${signal}` : `exited with code ${code}`);

export async function startProcess<W extends ReadyWhen | undefined = undefined>(options: ProcessOptions<W>): Promise<StartedProcess<ReadyValue<W>>> {
  const stdio: StdioOptions = [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe', ...(options.ipc ? (['ipc'] as const) : [])];
  const child = spawn(options.command, options.args ?? [], { cwd: options.cwd, env: options.env ?? process.env, stdio, detached: options.group ?? false });
  const signalIt = (signal: NodeJS.Signals) => {
    try {
      if (options.group && child.pid) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  const forget = onExit(() => signalIt('SIGKILL'));
  const lines = new OutputLines(options.keepLines ?? 2000);
  const { onLine } = options;
  if (onLine) lines.listen((line) => !line.partial && onLine(line));
  const log = options.logFile ? createWriteStream(options.logFile) : null;
  const streamsRead = (['stdout', 'stderr'] as const).map((stream) => {
    const source = child[stream];
    if (!source) return Promise.resolve();
    source.on('data', (chunk: Buffer) => {
      log?.write(chunk);
      if (options.echo === 'all' || (options.echo === 'stderr' && stream === 'stderr')) process[stream].write(chunk);
      lines.take(stream, chunk.toString());
    });
    return new Promise<void>((done) => source.once('close', done)).then(() => lines.flush(stream));
  });

  let ended: Exit | null = null;
  let resolveExited: (exit: Exit) => void = () => {};
  const exited = new Promise<Exit>((resolve) => (resolveExited = resolve));
  const end = async (exit: Exit) => {
    if (ended) return;
    ended = exit;
    // a group outlives its leader: it stays registered until it is killed
    if (!options.group) forget();
    // the output is complete when both pipes close; a grandchild that inherited them may keep them open
    await Promise.race([Promise.all(streamsRead), new Promise((done) => setTimeout(done, 2_000).unref())]);
    log?.end();
    resolveExited(exit);
  };
  child.once('exit', (code, signal) => void end({ code, signal, description: describeExit(code, signal) }));
  // An error after the spawn (a signal or a message to a process already gone) is not an exit.
  child.on('error', (error) => {
    if (child.pid === undefined) void end({ code: null, signal: null, description: `could not be run: ${error.message}` });
  });

  const failure = (reason: string) => new Error(`${options.name} ${reason}\n--- last lines of ${options.name} ---\n${lines.tail(40)}`);

  const waitFor = <V extends ReadyWhen>(when: V, withinMs: number) =>
    new Promise<ReadyValue<V>>((resolve, reject) => {
      const undo: (() => void)[] = [];
      let settled = false;
      const settle = (then: () => void) => {
        if (settled) return;
        settled = true;
        for (const u of undo) u();
        then();
      };
      const readyWith = (value: unknown) => settle(() => resolve(value as ReadyValue<V>));
      const timer = setTimeout(() => settle(() => reject(failure(`not ready within ${withinMs} ms`))), withinMs);
      undo.push(() => clearTimeout(timer));
      void exited.then((exit) => settle(() => reject(failure(`${exit.description} before it was ready`))));

      if ('line' in when) {
        const match = (line: Line) => {
          if (when.stream && line.stream !== when.stream) return;
          const found = typeof when.line === 'string' ? (line.text.includes(when.line) ? Object.assign([line.text], { index: 0, input: line.text }) : null) : when.line.exec(line.text);
          if (found) readyWith(found);
        };
        undo.push(lines.listen(match));
        for (const line of lines.all()) match(line);
      } else if ('message' in when) {
        const onMessage = (message: unknown) => {
          if (when.message(message)) readyWith(message);
        };
        child.on('message', onMessage);
        undo.push(() => child.off('message', onMessage));
      } else {
        void (async () => {
          while (!settled) {
            const answered = await fetch(when.url, { signal: AbortSignal.timeout(2_000) }).then(
              async (response) => {
                await response.body?.cancel();
                return response.status === (when.status ?? 200);
              },
              () => false,
            );
            if (answered) return readyWith(undefined);
            await new Promise((next) => setTimeout(next, when.pollMs ?? 200));
          }
        })();
      }
    });

  let ready: unknown;
  try {
    if (options.ready) {
      if (options.readyWithinMs === undefined) throw new Error(`${options.name}: a readiness check needs readyWithinMs`);
      ready = await waitFor(options.ready, options.readyWithinMs);
    } else {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        void exited.then((exit) => reject(failure(exit.description)));
      });
    }
  } catch (error) {
    signalIt('SIGKILL');
    throw error;
  }

  return {
    name: options.name,
    pid: child.pid ?? -1,
    child,
    ready: ready as ReadyValue<W>,
    ...(options.logFile ? { logFile: options.logFile } : {}),
    exited,
    exit: () => ended,
    output: (stream) => lines.text(stream),
    tail: (count = 40) => lines.tail(count),
    waitFor,
    kill: (signal = 'SIGKILL') => {
      if (ended && !options.group) return;
      signalIt(signal);
      if (ended) forget();
    },
    stop: async (graceMs = 5_000, signal = 'SIGTERM') => {
      if (ended) return { ...ended, forced: false };
      let forced = false;
      signalIt(signal);
      const timer = setTimeout(() => {
        forced = true;
        signalIt('SIGKILL');
      }, graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return { ...exit, forced };
    },
  };
}
