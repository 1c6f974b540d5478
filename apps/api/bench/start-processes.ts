/**
 * bench:start's processes, started by the process kit: a server spawned and timed to its first 200 from /api/health,
 * its memory read from /proc, and the external chain of the external-PostgreSQL mode (the kit's standalone localnet,
 * as the replica tests start one).
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { localnetProcess, startProcess, type StartedProcess } from '@jelly/bench-kit';

/** The kit's own limit on a wait; the bench's step around it is the one that counts (and fires first). */
const KIT_LIMIT_MS = 600_000;

export interface Started {
  process: StartedProcess;
  readyS: number;
  port: number;
  /** What the process printed on stdout until now. */
  output: () => string;
}

/** Fastify's info line once it listens; the bare server prints the same. */
const LISTENING = /listening at http:\/\/127\.0\.0\.1:(\d+)/;

/**
 * Spawns `node args…` in `cwd` and resolves once `path` answers 200; fails at once if the process exits. Without
 * `port` the process listens on a port of the system's choosing (PORT=0) and the port is read from its listening
 * line: a port picked free beforehand can be taken by another process during a build of many seconds.
 * Polled every 25 ms: the time to the first 200 is the figure.
 */
export async function startAndWait(cwd: string, args: string[], env: NodeJS.ProcessEnv, path: string, port?: number): Promise<Started> {
  const started = performance.now();
  const p = await startProcess({
    name: args.join(' '),
    command: process.execPath,
    args,
    cwd,
    env: { ...env, LOG_LEVEL: port === undefined ? 'info' : (env.LOG_LEVEL ?? 'warn'), PORT: String(port ?? 0), HOST: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: env.SHUTDOWN_DRAIN_SECONDS ?? '0' },
    echo: 'stderr',
  });
  const listenPort = port ?? Number((await p.waitFor({ line: LISTENING, stream: 'stdout' }, KIT_LIMIT_MS))[1]);
  await p.waitFor({ url: `http://127.0.0.1:${listenPort}${path}`, pollMs: 25 }, KIT_LIMIT_MS);
  return { process: p, readyS: (performance.now() - started) / 1000, port: listenPort, output: () => p.output('stdout') };
}

/** Resolves once the process has printed `text` on stdout (or at once if it has); rejects if it exits first. */
export async function printed(s: Started, text: string): Promise<void> {
  await s.process.waitFor({ line: text, stream: 'stdout' }, KIT_LIMIT_MS);
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

/** SIGTERM, and the wait for its exit (the step around it bounds the wait). */
export async function stop(s: Started | StartedProcess): Promise<void> {
  await ('process' in s ? s.process : s).stop(KIT_LIMIT_MS);
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
export async function startExternalChain(dir: string): Promise<ExternalChain> {
  const keyFile = async (name: string) => {
    const file = join(dir, `${name}.json`);
    await writeFile(file, JSON.stringify([...Keypair.generate().secretKey]), { mode: 0o600 });
    return file;
  };
  const adminFile = await keyFile('admin');
  const deskFile = await keyFile('desk');
  const localnet = await localnetProcess({
    dataDir: join(dir, 'localnet'),
    adminKeypair: adminFile,
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    echo: 'stderr',
    readyWithinMs: KIT_LIMIT_MS,
  });
  return { rpcUrl: localnet.rpcUrl, wsUrl: localnet.wsUrl, adminFile, deskFile, stop: () => stop(localnet) };
}
