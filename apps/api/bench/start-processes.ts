/**
 * bench:start's processes: a server spawned and timed to its first 200 from /api/health, its memory read from /proc,
 * and the external chain of the external-PostgreSQL mode (a standalone localnet, as the replica tests start one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { freePort, onExit } from '@jelly/bench-kit';

export interface Started {
  child: ChildProcess;
  readyS: number;
  port: number;
  /** What the process printed on stdout until it was ready. */
  output: () => string;
}

/** Fastify's info line once it listens; the bare server prints the same. */
const LISTENING = /listening at http:\/\/127\.0\.0\.1:(\d+)/;

/**
 * Spawns `node args…` in `cwd` and resolves once `path` answers 200; fails at once if the process exits. Without
 * `port` the process listens on a port of the system's choosing (PORT=0) and the port is read from its listening
 * line: a port picked free beforehand can be taken by another process during a build of many seconds.
 */
export async function startAndWait(cwd: string, args: string[], env: NodeJS.ProcessEnv, path: string, port?: number): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...env, LOG_LEVEL: port === undefined ? 'info' : (env.LOG_LEVEL ?? 'warn'), PORT: String(port ?? 0), HOST: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: env.SHUTDOWN_DRAIN_SECONDS ?? '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const forget = onExit(() => child.kill('SIGKILL'));
  child.once('exit', forget);
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exited (${signal ?? code})`));
  for (;;) {
    if (exited) throw new Error(`${args.join(' ')} ${exited} before it was ready`);
    const listenPort = port ?? Number(LISTENING.exec(output)?.[1] ?? 0);
    const ok = listenPort > 0 && (await fetch(`http://127.0.0.1:${listenPort}${path}`).then((r) => r.ok, () => false));
    if (ok) return { child, readyS: (performance.now() - started) / 1000, port: listenPort, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Resolves once the process has printed `text` on stdout (or at once if it has); rejects if it exits first. */
export function printed(s: Started, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (s.output().includes(text)) return resolve();
    const onData = () => {
      if (s.output().includes(text)) done(resolve);
    };
    const onExit = () => done(() => reject(new Error(`the server exited before it printed ${text}`)));
    const done = (then: () => void) => {
      s.child.stdout?.off('data', onData);
      s.child.off('exit', onExit);
      then();
    };
    s.child.stdout?.on('data', onData);
    s.child.once('exit', onExit);
  });
}

/**
 * Where a start's time went, from its output: the builds' own lines (`[build] web app built in 2.1 s`) and the
 * server's `startupMs` (ms since its process started at each phase's end; see apps/api/src/server.ts).
 */
export function phases(output: string): string {
  const builds = [...output.matchAll(/\[build\] (web app|server) built in ([\d.]+) s/g)].map((m) => `${m[1]} build ${m[2]} s`);
  const line = output.split('\n').find((l) => l.includes('"startupMs"'));
  const startup = line ? (JSON.parse(line) as { startupMs: Record<string, number> }).startupMs : {};
  const marks = Object.entries(startup).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)}`);
  return [...builds, marks.length > 0 ? `server at s: ${marks.join(', ')}` : 'no startupMs line'].join('; ');
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface Memory {
  /** Resident now and at its highest (VmRSS, VmHWM), MB. */
  rss: number;
  peak: number;
  /** Of the resident memory: anonymous (heaps, WebAssembly memory, compiled code) and file-backed (code, mapped files). */
  anon: number;
  file: number;
}

export function memoryMb(pid: number | undefined): Memory {
  const read = (file: string, field: string) => {
    const text = readFileSync(`/proc/${pid ?? -1}/${file}`, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? Number.NaN) / 1024;
  };
  const rollup = (field: string) => read('smaps_rollup', field);
  return { rss: read('status', 'VmRSS'), peak: read('status', 'VmHWM'), anon: rollup('Anonymous'), file: rollup('Rss') - rollup('Anonymous') };
}

export interface ExternalChain {
  rpcUrl: string;
  wsUrl: string;
  adminFile: string;
  deskFile: string;
  stop: () => Promise<void>;
}

/** A standalone localnet with the escrow program deployed (the external RPC), its admin and desk key files in `dir`. */
export async function startExternalChain(root: string, dir: string): Promise<ExternalChain> {
  const keyFile = async (name: string) => {
    const file = join(dir, `${name}.json`);
    await writeFile(file, JSON.stringify([...Keypair.generate().secretKey]), { mode: 0o600 });
    return file;
  };
  const adminFile = await keyFile('admin');
  const deskFile = await keyFile('desk');
  const port = await freePort();
  const env = { ...process.env, LOCALNET_PORT: String(port), DATA_DIR: join(dir, 'localnet'), ADMIN_KEYPAIR: adminFile };
  const localnet = await startAndWait(join(root, 'apps/localnet'), ['--import', 'tsx', 'src/main.ts'], env, '/health', port);
  return { rpcUrl: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}`, adminFile, deskFile, stop: () => stop(localnet.child) };
}
