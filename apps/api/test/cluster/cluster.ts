/**
 * A deployment as operators run it, for the replica tests: a standalone localnet process as the chain (the escrow
 * program and the USDC/USDT mints bootstrapped), one PostgreSQL database (on the server DATABASE_URL names, from
 * scripts/with-postgres.sh), THREE API processes (src/server.ts) sharing JWT_SECRET, the admin and desk keys,
 * COIN_JELLY_SEED and ADMIN_WALLETS, each with its own DATA_DIR and port, and HAProxy in front of them.
 * Started once for the whole run by global-setup.ts, and by the replicas bench (bench/replicas) with its own
 * profile; `stop()` ends every process and drops the database.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROGRAM_ID } from '@jelly/escrow';
import { Keypair, type PublicKey } from '@solana/web3.js';
import { apiProcess, freePort, localnetProcess, type StartedProcess } from '@jelly/bench-kit/process';
import { createTestDatabase } from '../helpers/test-database.ts';
import { startHaproxy, type HaproxyOptions } from './haproxy.ts';

export const REPLICA_NAMES = ['a', 'b', 'c'] as const;
export type ReplicaName = (typeof REPLICA_NAMES)[number];

/** What the tests need to reach the cluster: plain data, handed from the global setup to every test file. */
export interface ClusterInfo {
  /** The load balancer: where clients go. */
  url: string;
  /** Every load balancer when several run side by side (`url` is the first), as clients would find them in DNS. */
  urls: string[];
  /** Each replica's own address (to open a socket on a chosen replica), its log file and process id. */
  replicas: { name: ReplicaName; url: string; logFile: string; pid: number }[];
  /** Every process's log file, for the tail printed when a test fails. */
  logFiles: string[];
  rpcUrl: string;
  wsUrl: string;
  /** Secret keys as byte arrays. */
  adminSecret: number[];
  deskSecret: number[];
  databaseUrl: string;
  /** The replicas' shared token-signing key and public origin (a bench signs its users' tokens with them). */
  jwtSecret: string;
  publicUrl: string;
}

/** How a replica's restart went: how its old process ended and how long SIGTERM took to end it. */
export interface Restarted {
  exit: string;
  stopMs: number;
}

export interface RunningCluster {
  info: ClusterInfo;
  /** Ends every process (HAProxy first) and drops the database. */
  stop(): Promise<void>;
  /**
   * A deploy's step: SIGTERM to the replica (it drains as configured and exits), then the same replica started again
   * on its port; resolves once it answers its readiness check (the balancer's own checks then take it back).
   */
  restart(name: ReplicaName): Promise<Restarted>;
}

export interface ClusterOptions {
  /** Extra settings for every replica (job intervals, limits, TELEGRAM_*). */
  env?: Record<string, string>;
  /** The load balancer's connection cap (each one's) and extra backends (a bench's baseline server). */
  haproxy?: Pick<HaproxyOptions, 'maxconn' | 'routes'>;
  /** Extra node flags for the API processes (a bench's --cpu-prof). */
  replicaNodeFlags?: string[];
  /** Identical load balancers side by side in front of the replicas (default 1). */
  balancers?: number;
}

export type Faucet = (wallet: PublicKey, amounts: { sol?: bigint; usdc?: bigint; usdt?: bigint }) => Promise<void>;

/** The localnet's dev faucet over JSON-RPC (jelly_faucet; base units). */
export function jellyFaucet(rpcUrl: string): Faucet {
  return async (wallet, amounts) => {
    const params = { wallet: wallet.toBase58(), ...Object.fromEntries(Object.entries(amounts).map(([k, v]) => [k, String(v)])) };
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'jelly_faucet', params }),
    });
    const body = (await response.json()) as { error?: { message: string } };
    if (body.error) throw new Error(`faucet: ${body.error.message}`);
  };
}

const keypairJson = (k: Keypair) => JSON.stringify([...k.secretKey]);

export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('the replica tests need PostgreSQL: run them with `npm run test:replicas`');
  const root = await mkdtemp(join(tmpdir(), 'jelly-replicas-'));
  const logs = join(root, 'logs');
  await mkdir(logs);
  const started: StartedProcess[] = [];
  const admin = Keypair.generate();
  const desk = Keypair.generate();
  const adminFile = join(root, 'admin.json');
  const deskFile = join(root, 'desk.json');
  await writeFile(adminFile, keypairJson(admin), { mode: 0o600 });
  await writeFile(deskFile, keypairJson(desk), { mode: 0o600 });
  const { database, drop } = await createTestDatabase();
  if (database.driver !== 'postgres') throw new Error('expected a PostgreSQL database');
  const stop = async () => {
    // SIGINT: a replica closes at once (SIGTERM would drain first, for a balancer this teardown does not need)
    for (const p of [...started].reverse()) await p.stop(5000, p.name.startsWith('api-') ? 'SIGINT' : 'SIGTERM');
    await drop();
    await rm(root, { recursive: true, force: true });
  };

  let restartReplica: RunningCluster['restart'] = () => Promise.reject(new Error('the cluster is not started'));
  try {
    const localnetPort = await freePort();
    const rpcUrl = `http://127.0.0.1:${localnetPort}`;
    const wsUrl = `ws://127.0.0.1:${localnetPort}`;
    started.push(
      await localnetProcess({
        port: localnetPort,
        dataDir: join(root, 'localnet'),
        adminKeypair: adminFile,
        logFile: join(logs, 'localnet.log'),
        readyWithinMs: 60_000,
      }),
    );
    const faucet = jellyFaucet(rpcUrl);
    // On a real cluster the operator funds the desk; here the faucet does.
    await faucet(desk.publicKey, { sol: 500_000_000_000n, usdc: 500_000_000_000n, usdt: 500_000_000_000n });

    const ports = await Promise.all(REPLICA_NAMES.map(() => freePort()));
    const lbPorts = await Promise.all(Array.from({ length: options.balancers ?? 1 }, () => freePort()));
    const lbPort = lbPorts[0] as number;
    const jwtSecret = randomBytes(32).toString('hex');
    const publicUrl = `http://127.0.0.1:${lbPort}`;
    const shared = {
      ...process.env,
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      JWT_SECRET: jwtSecret,
      COIN_JELLY_SEED: randomBytes(64).toString('hex'),
      PUBLIC_URL: publicUrl,
      TRUSTED_PROXIES: '127.0.0.1',
      SOLANA_RPC_URL: rpcUrl,
      SOLANA_WS_URL: wsUrl,
      ADMIN_KEYPAIR: adminFile,
      DESK_KEYPAIR: deskFile,
      ESCROW_PROGRAM_ID: PROGRAM_ID.toBase58(),
      WEB_DIST: join(root, 'no-web-build'),
      LOG_LEVEL: 'info',
      // the harness stops replicas itself; a test of rolling restarts sets a drain of its own
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...options.env,
    };
    // One after the other: migrations run under an advisory lock anyway, and two CPU cores start one at a time faster.
    const replicas: { name: ReplicaName; url: string; process: StartedProcess }[] = [];
    const startReplica = (name: ReplicaName, port: number, run = 0) => {
      const processName = run ? `api-${name}-${run}` : `api-${name}`;
      return apiProcess({
        name: processName,
        port,
        nodeFlags: options.replicaNodeFlags ?? [],
        env: { ...shared, DATA_DIR: join(root, `data-${name}`) },
        logFile: join(logs, `${processName}.log`),
        readyWithinMs: 180_000,
      });
    };
    for (const [i, name] of REPLICA_NAMES.entries()) {
      const port = ports[i] as number;
      const p = await startReplica(name, port);
      started.push(p);
      replicas.push({ name, url: `http://127.0.0.1:${port}`, process: p });
    }
    let runs = 0;
    restartReplica = async (name) => {
      const replica = replicas.find((r) => r.name === name);
      if (!replica) throw new Error(`no replica ${name}`);
      const sigterm = Date.now();
      await replica.process.stop(120_000);
      const stopped = { exit: replica.process.exit()?.description ?? 'still running', stopMs: Date.now() - sigterm };
      started.splice(started.indexOf(replica.process), 1);
      replica.process = await startReplica(name, Number(new URL(replica.url).port), ++runs);
      started.push(replica.process);
      return stopped;
    };
    const balancers: string[] = [];
    for (const [i, port] of lbPorts.entries()) {
      const lb = await startHaproxy(
        replicas.map((r, k) => ({ name: r.name, port: ports[k] as number })),
        { ...options.haproxy, name: i === 0 ? 'haproxy' : `haproxy-${i + 1}`, work: root, logs, port },
      );
      started.push(lb.process);
      balancers.push(lb.url);
    }
    return {
      info: {
        url: balancers[0] as string,
        urls: balancers,
        replicas: replicas.map((r) => ({ name: r.name, url: r.url, logFile: r.process.logFile ?? '', pid: r.process.pid })),
        logFiles: started.flatMap((p) => (p.logFile ? [p.logFile] : [])),
        rpcUrl,
        wsUrl,
        adminSecret: [...admin.secretKey],
        deskSecret: [...desk.secretKey],
        databaseUrl: database.url,
        jwtSecret,
        publicUrl,
      },
      stop,
      restart: (name) => restartReplica(name),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
