import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import { defaultStablecoinMints } from '../../src/chain/stablecoin-mints.ts';
import type { DatabaseConfig } from '../../src/shared-config.ts';
import { createClock, type TestClock } from './clock.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  clock: TestClock;
  /** Closes the app and drops the test database. */
  close: () => Promise<void>;
}

/** A complete config for tests: random JWT secret, generous rate limits, silent logs, no web build. */
export function testConfig(database: DatabaseConfig, clock: TestClock, overrides: Partial<AppConfig> = {}): AppConfig {
  const scratch = join(tmpdir(), `jelly-api-test-${randomBytes(6).toString('hex')}`);
  return {
    port: 8080,
    host: '127.0.0.1',
    dataDir: scratch,
    database,
    adminWallets: new Set(),
    jwtSecret: new Uint8Array(randomBytes(32)),
    publicUrl: 'http://localhost:8080',
    trustedProxies: [],
    logLevel: 'silent',
    ipLookupUrl: null,
    supportEmail: 'support@example.com',
    supportChatUrl: 'https://example.com/support',
    telegramBotUsername: null,
    telegram: null,
    solanaRpcUrl: null,
    solanaWsUrl: null,
    solanaCluster: 'localnet',
    stablecoinMints: defaultStablecoinMints(overrides.solanaCluster ?? 'localnet'),
    adminKeypairFile: null,
    escrowProgramId: null,
    localnetPort: 0,
    webDist: join(scratch, 'no-web-build'),
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
    nonceTtlSeconds: 5 * 60,
    rateLimits: { nonce: 1000, signIn: 1000, refresh: 1000 },
    now: clock.now,
    ...overrides,
  };
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  logStream?: DestinationStream;
  /** Runs before the app is ready, e.g. to add test-only routes. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

/** Builds the real app on a fresh database; one per test file (beforeAll/afterAll). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = createClock();
  const { database, drop } = await createTestDatabase();
  const config = testConfig(database, clock, options.config);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, options.logStream ? { logStream: options.logStream } : {});
    await options.extend?.(app);
    await app.ready();
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    app,
    config,
    clock,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
