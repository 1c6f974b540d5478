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
}

/** Spawns `node args…` in `cwd` and resolves once `path` answers 200 on `port`; fails at once if the process exits. */
export async function startAndWait(cwd: string, args: string[], env: NodeJS.ProcessEnv, path: string, port?: number): Promise<Started> {
  const listenPort = port ?? (await freePort());
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env: { ...env, PORT: String(listenPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const forget = onExit(() => child.kill('SIGKILL'));
  child.once('exit', forget);
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exited (${signal ?? code})`));
  for (;;) {
    if (exited) throw new Error(`${args.join(' ')} ${exited} before it was ready`);
    const ok = await fetch(`http://127.0.0.1:${listenPort}${path}`).then((r) => r.ok, () => false);
    if (ok) return { child, readyS: (performance.now() - started) / 1000, port: listenPort };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
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
