// The deposit watcher's reconciliation poll on a real localnet: it reads every watched account in batches and scans
// (reads the signatures of) only the accounts that changed since its last scan of them, so its cost stays a call per
// 100 open orders; a deposit still reaches its order through it.
import type { JellyOrder } from '@jelly/contracts';
import { Keypair } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createClock } from '../../../test/helpers/clock.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createTestDatabase } from '../../../test/helpers/test-database.ts';
import { createChainWallet, startTestChain, type TestChain } from '../../../test/helpers/test-chain.ts';
import { session, type Session } from '../orders/testing.ts';
import { chainHelpers, reserve, scannedUntil, solToUsdc, testJellyConfig, watcherOf, type ChainHelpers } from './testing.ts';

let chain: TestChain;
let app: FastifyInstance;
let drop: () => Promise<void>;
let s: Session;
let h: ChainHelpers;

beforeAll(async () => {
  chain = await startTestChain();
  const database = await createTestDatabase();
  drop = database.drop;
  app = await buildApp(testConfig(database.database, createClock(), { coinJelly: testJellyConfig() }), { chain });
  await app.ready();
  const alice = createChainWallet();
  await chain.faucet!(alice.keypair.publicKey, { sol: 100n * 10n ** 9n });
  s = await session(app, alice);
  h = chainHelpers(chain, alice.keypair);
});
afterAll(async () => {
  await app.close();
  await drop();
  await chain.close();
});

/** The orders one poll scanned, in no particular order. */
async function scannedByOnePoll(): Promise<number[]> {
  const watcher = watcherOf(app);
  const scanned: number[] = [];
  const record = (orderId: number) => scanned.push(orderId);
  watcher.events.on('scanned', record);
  try {
    await watcher.tick();
  } finally {
    watcher.events.off('scanned', record);
  }
  return scanned.sort((a, b) => a - b);
}

describe('the reconciliation poll', () => {
  it('scans each account once, then only the one a deposit changed', async () => {
    const orders: JellyOrder[] = [];
    for (let i = 0; i < 3; i += 1) {
      const r = await reserve(app, s.headers, solToUsdc('1', Keypair.generate().publicKey));
      expect(r.statusCode).toBe(200);
      orders.push(r.json<JellyOrder>());
    }
    const ids = orders.map((o) => o.id).sort((a, b) => a - b);
    // The first poll has seen none of them: all are scanned.
    expect(await scannedByOnePoll()).toEqual(ids);
    // Nothing changed on chain: nothing is scanned.
    expect(await scannedByOnePoll()).toEqual([]);

    // Half the quoted SOL to the second order: the socket's scan credits it (the user then chooses).
    const target = orders[1] as JellyOrder;
    const credited = scannedUntil(app, s.headers, target.id, (o) => o.stage === 'needs_choice');
    await h.sendSol(target.companyWallet, 500_000_000n);
    expect((await credited).received).toBe('0.5');
    // Its account changed since the poll last scanned it: the poll scans it, and only it, once.
    expect(await scannedByOnePoll()).toEqual([target.id]);
    expect(await scannedByOnePoll()).toEqual([]);
  });
});
