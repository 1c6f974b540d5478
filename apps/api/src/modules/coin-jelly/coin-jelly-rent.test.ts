// What Coin Jelly costs the platform. Its SOL never pays for an account a user can close and keep: a payout or refund
// to an address without a token account waits until that address's own wallet opens it, and a reservation opens
// nothing (each case measures the admin's lamports against the fees of its own transactions, to the lamport). And the
// poller reads finished orders' addresses at a low rate, open ones at every poll.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JellyOrder } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createClock } from '../../../test/helpers/clock.ts';
import { ledgerSince, markLedger } from '../../../test/helpers/admin-ledger.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createChainWallet, startTestChain, type ChainWallet, type TestChain } from '../../../test/helpers/test-chain.ts';
import { USDC_MINT, session, type Session } from '../orders/testing.ts';
import { FINISHED_POLL_EVERY } from './deposit-watcher.ts';
import { WAIT_RECHECK_MS } from './wait-for-account.ts';
import { WAITING_FOR_ACCOUNT, chainHelpers, orderOf, reserve, solToUsdc, testJellyConfig, usdcToSol, watcherOf, type ChainHelpers } from './testing.ts';

const USDC = new PublicKey(USDC_MINT);
const clock = createClock();
let chain: TestChain;
let dataDir: string;
let app: FastifyInstance;
let alice: ChainWallet;
let s: Session;
let h: ChainHelpers;

beforeAll(async () => {
  chain = await startTestChain();
  dataDir = await mkdtemp(join(tmpdir(), 'jelly-coin-jelly-rent-'));
  const config = testConfig({ driver: 'pglite', dataDir: join(dataDir, 'pglite') }, clock, { coinJelly: testJellyConfig() });
  await chain.faucet!(chain.admin.publicKey, { sol: 500n * 10n ** 9n });
  alice = createChainWallet();
  await chain.faucet!(alice.keypair.publicKey, { sol: 100n * 10n ** 9n, usdc: 10_000n * 10n ** 6n });
  app = await buildApp(config, { chain });
  await app.ready();
  s = await session(app, alice);
  h = chainHelpers(chain, alice.keypair);
});
afterAll(async () => {
  await app.close();
  await chain.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function reserved(body: object): Promise<JellyOrder> {
  const response = await reserve(app, s.headers, body);
  if (response.statusCode !== 200) throw new Error(`reserve: ${response.statusCode} ${response.body}`);
  return response.json<JellyOrder>();
}
const usdcAccountOf = (owner: PublicKey) => chain.connection.getAccountInfo(getAssociatedTokenAddressSync(USDC, owner, true), 'confirmed');
const tick = () => watcherOf(app).tick();

describe('a payout to an address without a token account', () => {
  it('waits, tells the user what to open, and costs the platform only its network fees once paid', async () => {
    const recipient = Keypair.generate().publicKey;
    const order = await reserved(solToUsdc('1', recipient));
    const mark = await markLedger({ chain });
    await h.sendSol(order.companyWallet, 10n ** 9n);
    await tick();
    await tick();
    const waiting = await orderOf(app, s.headers, order.id);
    expect(waiting).toMatchObject({ stage: 'deposit_detected', status: 0 });
    expect(waiting.events.filter((e) => e.kind === WAITING_FOR_ACCOUNT)).toEqual([
      expect.objectContaining({ note: expect.stringContaining(`${recipient.toBase58()} has no USDC account yet`) }),
    ]);
    expect(await usdcAccountOf(recipient)).toBeNull();

    await h.openUsdcAccount(recipient); // the recipient's side opens it, paying its rent
    clock.advance(WAIT_RECHECK_MS); // the poller re-reads a waiting order at this slower cadence, and pays it by itself
    await tick();
    const done = await orderOf(app, s.headers, order.id);
    expect(done).toMatchObject({ stage: 'completed', status: 1 });
    expect(await h.usdcOf(recipient)).toBe(toBaseUnits(order.amountUserWannaGet, 6));
    const ledger = await ledgerSince({ chain }, mark);
    expect(ledger.transactions).toBe(2); // the payout and the deposit's sweep
    expect(ledger.cost).toBe(ledger.fees);
  });
});

describe('a refund to an address without a token account', () => {
  it('an under-payment of 1 unit refunded to a fresh address: waits for its account, the platform pays fees only', async () => {
    const refundTo = Keypair.generate().publicKey;
    const order = await reserved({ ...usdcToSol('10', Keypair.generate().publicKey), refundAddress: refundTo.toBase58() });
    const mark = await markLedger({ chain });
    await h.sendUsdc(order.companyWallet, 1n);
    await tick();
    expect(await orderOf(app, s.headers, order.id)).toMatchObject({ stage: 'needs_choice' });
    await app.inject({ method: 'POST', url: `/api/coin-jelly/orders/${order.id}/choice`, headers: s.headers, payload: { choice: 'refund' } });
    await tick();
    const waiting = await orderOf(app, s.headers, order.id);
    expect(waiting.stage).toBe('refunding');
    expect(waiting.events.some((e) => e.kind === WAITING_FOR_ACCOUNT)).toBe(true);
    expect(await usdcAccountOf(refundTo)).toBeNull();

    await h.openUsdcAccount(refundTo);
    clock.advance(WAIT_RECHECK_MS);
    await tick();
    expect(await orderOf(app, s.headers, order.id)).toMatchObject({ stage: 'refunded', status: 2 });
    expect(await h.usdcOf(refundTo)).toBe(1n);
    const ledger = await ledgerSince({ chain }, mark);
    // the refund closes the deposit account the sender opened: its rent goes back to the sender, the platform pays fees
    expect(ledger.cost).toBe(ledger.fees);
  });
});

describe('reservations', () => {
  it('open nothing at the platform’s expense, and leave nothing open when they expire unpaid', async () => {
    const mark = await markLedger({ chain });
    const orders: JellyOrder[] = [];
    for (let i = 0; i < 5; i++) orders.push(await reserved(usdcToSol('10', Keypair.generate().publicKey)));
    expect(await ledgerSince({ chain }, mark)).toEqual({ cost: 0n, fees: 0n, transactions: 0 });
    clock.advance(16 * 60_000);
    s = await session(app, alice);
    await tick();
    for (const order of orders) {
      expect(await orderOf(app, s.headers, order.id)).toMatchObject({ stage: 'expired' });
      expect(await usdcAccountOf(new PublicKey(order.companyWallet))).toBeNull();
    }
    expect((await ledgerSince({ chain }, mark)).cost).toBe(0n);
  });
});

describe('the poller', () => {
  it('reads an open order at every poll and a finished one once every FINISHED_POLL_EVERY polls', async () => {
    const finished = await reserved(solToUsdc('1', await h.openUsdcAccount(Keypair.generate().publicKey)));
    await h.sendSol(finished.companyWallet, 10n ** 9n);
    await tick();
    expect(await orderOf(app, s.headers, finished.id)).toMatchObject({ stage: 'completed' });
    const open = await reserved(solToUsdc('1', Keypair.generate().publicKey));
    // The poll reads the watched accounts in batches (getMultipleAccounts): count the reads of each deposit address.
    const reads = new Map<string, number>();
    const connection = chain.connection;
    const readAccounts = connection.getMultipleAccountsInfoAndContext.bind(connection);
    connection.getMultipleAccountsInfoAndContext = (keys, config) => {
      for (const key of keys) reads.set(key.toBase58(), (reads.get(key.toBase58()) ?? 0) + 1);
      return readAccounts(keys, config);
    };
    try {
      for (let i = 0; i < FINISHED_POLL_EVERY; i++) await tick();
    } finally {
      connection.getMultipleAccountsInfoAndContext = readAccounts;
    }
    expect(reads.get(open.companyWallet)).toBe(FINISHED_POLL_EVERY);
    expect(reads.get(finished.companyWallet)).toBe(1);
  });
});

describe('two equal payouts to one address', () => {
  it('are two transactions: each order is paid by its own (a memo names the order)', async () => {
    const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
    const orders = [await reserved(solToUsdc('1', recipient)), await reserved(solToUsdc('1', recipient))];
    for (const order of orders) await h.sendSol(order.companyWallet, 10n ** 9n);
    await tick();
    const done = await Promise.all(orders.map((o) => orderOf(app, s.headers, o.id)));
    expect(done.map((o) => o.stage)).toEqual(['completed', 'completed']);
    expect(done[0]!.txID).not.toBe(done[1]!.txID);
    expect(await h.usdcOf(recipient)).toBe(2n * toBaseUnits(orders[0]!.amountUserWannaGet, 6));
  });
});
