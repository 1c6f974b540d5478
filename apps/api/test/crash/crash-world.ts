// What every crash test shares: a standalone localnet (in the test process, so killing an API process leaves the
// chain running), a fresh PostgreSQL database, the platform's key files, and the environment of API processes that
// run as replicas of one deployment (same database, chain, keys, JWT secret, Coin Jelly seed and admin wallet).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResponse, JellyOrder, NonceResponse } from '@jelly/contracts';
import { loadOrCreateKeypair, startLocalnet, type Localnet } from '@jelly/localnet';
import { Connection, type Keypair } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { onTestFailed } from 'vitest';
import pg from 'pg';
import type { Chain } from '../../src/chain/chain.ts';
import { platformKey } from '../../src/chain/keys/platform-key.ts';
import { httpInject, type InjectOptions } from '../helpers/http-inject.ts';
import { createChainWallet, type ChainTestApp, type ChainWallet } from '../helpers/test-chain.ts';
import { startApi, type ApiProcess } from './api-process.ts';

/** A blockhash is valid for 150 blocks; the gate's own bound allows up to 300. */
const BLOCKHASH_LIFE_BLOCKS = 310;

export interface CrashWorld {
  localnet: Localnet;
  /** The chain as a test reads it (balances, transfers by wallets Jelly did not build for). */
  chain: Chain;
  desk: Keypair;
  /** The wallet in ADMIN_WALLETS (resolves disputes). */
  adminWallet: ChainWallet;
  /**
   * The deployment as the deal helpers (helpers/deal-fixtures.ts) take it: `app.inject` goes over HTTP to the API
   * process started last, `chain` is the localnet in this process.
   */
  t: ChainTestApp;
  db: pg.Client;
  /** Makes every blockhash given out so far expire (empty blocks past any last valid height). */
  expireBlockhashes(): void;
  /** Starts an API process of the deployment, optionally armed with a fail-point; `apiDir` as in startApi. */
  start(failpoint?: string, extraEnv?: Record<string, string>, options?: { apiDir?: string }): Promise<ApiProcess>;
  /** Call in a test: if it fails, the output of the API process started last is printed (it did the work). */
  showOutputOnFailure(): void;
  close(): Promise<void>;
}

export async function createCrashWorld(): Promise<CrashWorld> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('the crash tests need DATABASE_URL (run them with npm run test:crash)');
  const root = await mkdtemp(join(tmpdir(), 'jelly-crash-'));
  const admin = loadOrCreateKeypair(join(root, 'admin.json'));
  const desk = loadOrCreateKeypair(join(root, 'desk.json'));
  const adminWallet = createChainWallet();
  // Blocks come with transactions and with expireBlockhashes() only: whether a recorded send's blockhash is still
  // valid when the next process looks is then the test's choice, not the machine's speed.
  let produceBlock: () => void = () => {};
  const slotClock = (tick: () => void) => {
    produceBlock = tick;
    return () => {};
  };
  const localnet = await startLocalnet({ dataDir: join(root, 'chain'), admin, port: 0, host: '127.0.0.1', slotClock });
  await localnet.faucet(desk.publicKey, { sol: 20n * 10n ** 9n, usdc: 50_000n * 10n ** 6n, usdt: 0n });

  const name = `crash_${randomBytes(4).toString('hex')}`;
  const server = new pg.Client({ connectionString: baseUrl });
  await server.connect();
  await server.query(`CREATE DATABASE ${name}`);
  await server.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });

  const env = {
    DATABASE_URL: url.toString(),
    SOLANA_RPC_URL: localnet.rpcUrl,
    SOLANA_WS_URL: localnet.wsUrl,
    SOLANA_CLUSTER: 'localnet',
    ADMIN_KEYPAIR: join(root, 'admin.json'),
    DESK_KEYPAIR: join(root, 'desk.json'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    // the access tokens' issuer: one for the deployment (by default it names each process's own port)
    PUBLIC_URL: 'http://jelly.crash.test',
    COIN_JELLY_SEED: randomBytes(64).toString('hex'),
    COIN_JELLY_POLL_SECONDS: '1',
    COIN_JELLY_MAX_ORDERS_PER_DAY: '1000',
    ADMIN_WALLETS: adminWallet.address,
    // every test wallet signs in from 127.0.0.1, over processes that share the limits' counters
    RATE_LIMIT_AUTH_NONCE: '100000',
    RATE_LIMIT_AUTH_SIGN_IN: '100000',
    SEND_RECOVERY_SECONDS: '1',
    SEND_STALE_SECONDS: '1',
    RENT_RECLAIM_POLL_SECONDS: '1',
    PAYMENT_WINDOW_SWEEP_SECONDS: '1',
    LOG_LEVEL: 'warn',
  };
  let processes = 0;
  const started: ApiProcess[] = [];
  const connection = new Connection(localnet.rpcUrl, { commitment: 'confirmed', wsEndpoint: localnet.wsUrl });
  const chain: Chain = {
    connection,
    admin: platformKey(admin, 'admin'),
    programId: localnet.escrow!.programId,
    rpcUrl: localnet.rpcUrl,
    wsUrl: localnet.wsUrl,
    cluster: 'localnet',
    faucet: (wallet, amounts) => localnet.faucet(wallet, amounts),
    close: async () => {},
  };
  const expireBlockhashes = () => {
    for (let i = 0; i < BLOCKHASH_LIFE_BLOCKS; i++) produceBlock();
  };
  const newest = () => {
    const api = started.at(-1);
    if (!api) throw new Error('no API process started yet');
    return api;
  };
  // The helpers call only `inject` on the app.
  const app = { inject: (options: InjectOptions) => httpInject(newest().url, options) } as unknown as FastifyInstance;
  const world: CrashWorld = {
    localnet,
    chain,
    desk,
    adminWallet,
    t: {
      app,
      chain: {
        ...chain,
        localnet,
        adminKeypair: admin,
        advanceClock: () => {
          throw new Error("the crash tests' chain follows wall time");
        },
        produceBlocks: (count) => {
          for (let i = 0; i < count; i++) produceBlock();
        },
      },
      close: async () => {},
    } as Omit<ChainTestApp, 'config' | 'clock'> as ChainTestApp,
    db,
    expireBlockhashes,
    async start(failpoint, extraEnv = {}, options = {}) {
      const dataDir = join(root, `api-${++processes}`);
      const api = await startApi({ ...env, DATA_DIR: dataDir, ...(failpoint ? { JELLY_FAILPOINT: failpoint } : {}), ...extraEnv }, options);
      started.push(api);
      return api;
    },
    showOutputOnFailure() {
      onTestFailed(() => console.error(started.at(-1)?.output() ?? '(no API process)'));
    },
    async close() {
      for (const api of started) await api.stop();
      await db.end().catch(() => undefined);
      await localnet.close();
      await rm(root, { recursive: true, force: true });
    },
  };
  await db.connect();
  return world;
}

/** A signed-in wallet's headers on any replica (they share the JWT secret). */
export async function signInOver(api: ApiProcess, wallet: ChainWallet): Promise<Record<string, string>> {
  const nonce = (await (await fetch(`${api.url}/api/auth/nonce?wallet=${wallet.address}`)).json()) as NonceResponse;
  const response = await fetch(`${api.url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ network: 'sol', wallet: wallet.address, nonce: nonce.nonce, signature: wallet.sign(nonce.message) }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as AuthResponse;
  return { authorization: `Bearer ${body.accessToken}`, 'content-type': 'application/json' };
}

/** A Coin Jelly order as its owner reads it from one API process. */
export async function jellyOrderOn(api: ApiProcess, headers: Record<string, string>, id: number): Promise<JellyOrder> {
  const response = await fetch(`${api.url}/api/coin-jelly/orders/${id}`, { headers });
  if (!response.ok) throw new Error(`order ${id}: ${response.status} ${await response.text()}`);
  return (await response.json()) as JellyOrder;
}

export { createChainWallet };
