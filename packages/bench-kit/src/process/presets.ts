/**
 * The two processes every harness starts: the API server and the standalone localnet, started the way an operator
 * runs them (their own process, configured by the environment), ready when their health check answers 200.
 * The folders default to this repository's apps; a test of an older checkout passes its own `apiDir`.
 */
import { fileURLToPath } from 'node:url';
import { freePort } from './port.ts';
import { startProcess, type ProcessOptions, type StartedProcess } from './start-process.ts';

const API_DIR = fileURLToPath(new URL('../../../../apps/api/', import.meta.url));
const LOCALNET_DIR = fileURLToPath(new URL('../../../../apps/localnet/', import.meta.url));

type Passed = Pick<ProcessOptions, 'logFile' | 'echo' | 'keepLines'>;

export interface ApiProcessOptions extends Passed {
  name?: string;
  /** The port it listens on (a free one by default). */
  port?: number;
  /** The whole environment; HOST is 127.0.0.1 and SHUTDOWN_DRAIN_SECONDS 0 unless it says otherwise, PORT is `port`. */
  env: NodeJS.ProcessEnv;
  /** Another checkout's apps/api (an older build); this repository's by default. */
  apiDir?: string;
  /** The server to run: `src/server.ts` under tsx by default, or a built file (`dist/server.js`) under plain node. */
  entry?: { source: string } | { built: string };
  /** Node flags before the entry (a bench's --cpu-prof). */
  nodeFlags?: string[];
  readyWithinMs: number;
}

export interface ApiProcess extends StartedProcess<undefined> {
  port: number;
  url: string;
}

export async function apiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const entry = options.entry ?? { source: 'src/server.ts' };
  const started = await startProcess({
    name: options.name ?? 'api',
    command: process.execPath,
    args: [...(options.nodeFlags ?? []), ...('source' in entry ? ['--import', 'tsx', entry.source] : [entry.built])],
    cwd: options.apiDir ?? API_DIR,
    env: { HOST: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: '0', ...options.env, PORT: String(port) },
    ready: { url: `${url}/api/health` },
    readyWithinMs: options.readyWithinMs,
    ...passed(options),
  });
  return Object.assign(started, { port, url });
}

export interface LocalnetProcessOptions extends Passed {
  name?: string;
  port?: number;
  /** Where the chain keeps its ledger. */
  dataDir: string;
  /** The admin key file: the escrow program's upgrade authority and the mints' owner it bootstraps. */
  adminKeypair: string;
  /** The environment it starts from (ours by default); LOCALNET_PORT, DATA_DIR and ADMIN_KEYPAIR are set on it. */
  env?: NodeJS.ProcessEnv;
  readyWithinMs: number;
}

export interface LocalnetProcess extends StartedProcess<undefined> {
  port: number;
  rpcUrl: string;
  wsUrl: string;
}

export async function localnetProcess(options: LocalnetProcessOptions): Promise<LocalnetProcess> {
  const port = options.port ?? (await freePort());
  const rpcUrl = `http://127.0.0.1:${port}`;
  const started = await startProcess({
    name: options.name ?? 'localnet',
    command: process.execPath,
    args: ['--import', 'tsx', 'src/main.ts'],
    cwd: LOCALNET_DIR,
    env: { ...(options.env ?? process.env), LOCALNET_PORT: String(port), DATA_DIR: options.dataDir, ADMIN_KEYPAIR: options.adminKeypair },
    ready: { url: `${rpcUrl}/health` },
    readyWithinMs: options.readyWithinMs,
    ...passed(options),
  });
  return Object.assign(started, { port, rpcUrl, wsUrl: `ws://127.0.0.1:${port}` });
}

const passed = (options: Passed): Passed => ({
  ...(options.logFile ? { logFile: options.logFile } : {}),
  ...(options.echo ? { echo: options.echo } : {}),
  ...(options.keepLines ? { keepLines: options.keepLines } : {}),
});
