import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROGRAM_ID } from '@jelly/escrow';
import { startLocalnet, type Localnet } from '@jelly/localnet';
import { ed25519 } from '@noble/curves/ed25519.js';
import { Connection, Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../src/app.ts';
import type { Chain } from '../../src/chain/chain.ts';
import { platformKey } from '../../src/chain/keys/platform-key.ts';
import type { AppConfig } from '../../src/config.ts';
import { createClock } from './clock.ts';
import type { TestApp } from './test-app.ts';
import { testConfig } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';
import type { TestWallet } from './wallet.ts';

export interface TestChain extends Chain {
  /** The localnet itself (mints, escrow deployment). */
  localnet: Localnet;
  /** Moves the chain's clock (the Clock sysvar of the next transactions) forward; it follows wall time otherwise. */
  advanceClock: (ms: number) => void;
  /** The admin's keypair, for tests that act as the operator (the product signs only through the gate). */
  adminKeypair: Keypair;
  /** Produces `count` empty blocks at once (151 expire every blockhash handed out before). */
  produceBlocks: (count: number) => void;
}

/**
 * A real localnet (LiteSVM behind JSON-RPC) in a temporary folder, with a fresh admin key, the escrow program
 * deployed and its Config initialised, wrapped as the API's `Chain`. `close()` stops it and deletes the folder.
 */
export async function startTestChain(): Promise<TestChain> {
  const dataDir = await mkdtemp(join(tmpdir(), 'jelly-test-chain-'));
  const admin = Keypair.generate();
  let localnet: Localnet;
  let clockOffsetMs = 0;
  // No slots on a timer (the test drives time); the tick is kept so a test can produce blocks when it chooses.
  let tick: () => void = () => {
    throw new Error('the localnet has not started');
  };
  const slotClock = (produce: () => void) => {
    tick = produce;
    return () => undefined;
  };
  try {
    localnet = await startLocalnet({ dataDir, admin, port: 0, host: '127.0.0.1', now: () => Date.now() + clockOffsetMs, slotClock });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const started: Localnet = localnet;
  const connect = () => new Connection(started.rpcUrl, { commitment: 'confirmed', wsEndpoint: started.wsUrl });
  const chain: TestChain = {
    localnet,
    connection: connect(),
    admin: platformKey(admin, 'admin'),
    adminKeypair: admin,
    programId: PROGRAM_ID,
    rpcUrl: localnet.rpcUrl,
    wsUrl: localnet.wsUrl,
    cluster: 'localnet',
    faucet: (wallet, amounts) => localnet.faucet(wallet, amounts),
    advanceClock: (ms) => {
      if (ms < 0) throw new Error('the chain clock only moves forward');
      clockOffsetMs += ms;
    },
    produceBlocks: (count) => {
      for (let i = 0; i < count; i++) tick();
      // web3.js caches a blockhash for its sends (30 s), which these blocks may have expired: a fresh connection
      chain.connection = connect();
    },
    close: async () => {
      await localnet.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return chain;
}

export interface ChainTestApp extends TestApp {
  chain: TestChain;
}

/**
 * The real app on a fresh database AND a fresh localnet (one per test file: beforeAll/afterAll).
 * `close()` closes the app, drops the database and stops the chain.
 */
export async function createChainTestApp(
  options: {
    config?: Partial<AppConfig>;
    extend?: (app: FastifyInstance) => void | Promise<void>;
    /** Where the app's logs go (tests that read them). */
    logStream?: DestinationStream;
    /** The chain as the app sees it (e.g. behind a fault-injecting proxy); the test itself keeps the direct one. */
    appChain?: (chain: TestChain) => Promise<Chain>;
  } = {},
): Promise<ChainTestApp> {
  const clock = createClock();
  const chain = await startTestChain();
  const { database, drop } = await createTestDatabase();
  const config = testConfig(database, clock, options.config);
  let app: FastifyInstance;
  try {
    const seen = options.appChain ? await options.appChain(chain) : chain;
    app = await buildApp(config, { chain: seen, ...(options.logStream ? { logStream: options.logStream } : {}) });
    await options.extend?.(app);
    await app.ready();
  } catch (error) {
    await drop();
    await chain.close();
    throw error;
  }
  return {
    app,
    config,
    clock,
    chain,
    close: async () => {
      await app.close();
      await drop();
      await chain.close();
    },
  };
}

/** A Solana keypair usable both on chain (web3.js `keypair`) and for sign-in (`TestWallet`). */
export interface ChainWallet extends TestWallet {
  keypair: Keypair;
}

export function createChainWallet(keypair: Keypair = Keypair.generate()): ChainWallet {
  const seed = keypair.secretKey.slice(0, 32);
  return {
    keypair,
    address: keypair.publicKey.toBase58(),
    publicKey: keypair.publicKey.toBytes(),
    sign: (message) => bs58.encode(ed25519.sign(new TextEncoder().encode(message), seed)),
  };
}

/** A unique suffix for names in a shared test database. */
export const uniqueSuffix = () => randomBytes(4).toString('hex');
