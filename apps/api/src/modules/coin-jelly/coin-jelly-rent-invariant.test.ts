// The economic invariant of Coin Jelly token deposits: in every ending, each platform key (the admin, the desk's
// treasury, the order's deposit key) ends with exactly what its fees and the order's intended legs allow, to the
// lamport, and the rent of the deposit token account goes back to whoever paid to open it (the platform keeps it only
// when one of its own keys opened it). The table of endings is printed for the release note.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JellyOrder } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { ACCOUNT_SIZE, createAssociatedTokenAccountIdempotentInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createClock } from '../../../test/helpers/clock.ts';
import { ledgerSince, markLedger } from '../../../test/helpers/admin-ledger.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createChainWallet, startTestChain, type ChainWallet, type TestChain } from '../../../test/helpers/test-chain.ts';
import { USDC_MINT, session, type Session } from '../orders/testing.ts';
import { lamportDelta } from './chain-reads.ts';
import { chainHelpers, orderOf, reserve, testJellyConfig, usdcToSol, watcherOf, type ChainHelpers } from './testing.ts';

const USDC = new PublicKey(USDC_MINT);
const SOL = 1_000_000_000n;
const BTC_TX = 'ab'.repeat(32);
const clock = createClock();
let chain: TestChain;
let dataDir: string;
let app: FastifyInstance;
let alice: ChainWallet;
let bob: ChainWallet;
let adminWallet: ChainWallet;
let s: Session;
let h: ChainHelpers;
let rent: bigint;

beforeAll(async () => {
  chain = await startTestChain();
  dataDir = await mkdtemp(join(tmpdir(), 'jelly-coin-jelly-rent-invariant-'));
  adminWallet = createChainWallet();
  const config = testConfig({ driver: 'pglite', dataDir: join(dataDir, 'pglite') }, clock, {
    coinJelly: testJellyConfig(),
    adminWallets: new Set([adminWallet.address]),
  });
  await chain.faucet!(chain.admin.publicKey, { sol: 500n * SOL });
  alice = createChainWallet();
  bob = createChainWallet();
  for (const w of [alice, bob]) await chain.faucet!(w.keypair.publicKey, { sol: 100n * SOL, usdc: 10_000n * 10n ** 6n });
  app = await buildApp(config, { chain });
  await app.ready();
  s = await session(app, alice);
  h = chainHelpers(chain, alice.keypair);
  rent = BigInt(await chain.connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE, 'confirmed'));
});

interface Row {
  ending: string;
  platformDelta: bigint;
  fees: bigint;
  legs: bigint;
  rentReturned: string;
}
const table: Row[] = [];

afterAll(async () => {
  const lines = ['ending | platform SOL delta | fees | intended legs | deposit account rent', ...table.map((r) => `${r.ending} | ${r.platformDelta} | ${r.fees} | ${r.legs} | ${r.rentReturned}`)];
  process.stdout.write(`\n${lines.join('\n')}\n`);
  await app.close();
  await chain.close();
  await rm(dataDir, { recursive: true, force: true });
});

const tick = () => watcherOf(app).tick();
const treasury = () => app.coinJelly!.ctx.desk!.treasury;
const lamports = (key: PublicKey) => chain.connection.getBalance(key, 'confirmed').then(BigInt);
const depositAccountOf = (order: JellyOrder) => getAssociatedTokenAddressSync(USDC, new PublicKey(order.companyWallet));
const choose = (order: JellyOrder, choice: 'refund' | 'exchange') =>
  app.inject({ method: 'POST', url: `/api/coin-jelly/orders/${order.id}/choice`, headers: s.headers, payload: { choice } });

async function reserved(body: object): Promise<JellyOrder> {
  const response = await reserve(app, s.headers, body);
  if (response.statusCode !== 200) throw new Error(`reserve: ${response.statusCode} ${response.body}`);
  return response.json<JellyOrder>();
}

/** The platform keys an order touches, in a fixed order: admin (fees), treasury (the desk's legs), deposit key. */
const platformKeys = (order: JellyOrder) => [chain.admin.publicKey, treasury(), new PublicKey(order.companyWallet)];
const balancesOf = (keys: PublicKey[]) => Promise.all(keys.map(lamports));

/**
 * Runs an ending from a reserved order to its end and checks the invariant: the admin lost exactly the fees of the
 * transactions it paid, the treasury exactly the SOL legs paid out, the deposit key nothing; and the deposit
 * account's rent went to `rentTo` in the transaction that closed it (or, not closed, stayed in it).
 */
async function checkEnding(
  ending: string,
  order: JellyOrder,
  run: () => Promise<JellyOrder>,
  expected: { legs: bigint; rentTo: PublicKey | null; label: string },
): Promise<void> {
  const keys = platformKeys(order);
  const before = await balancesOf(keys);
  const mark = await markLedger({ chain });
  const done = await run();
  const after = await balancesOf(keys);
  const { fees } = await ledgerSince({ chain }, mark);
  const delta = after.map((b, i) => b - before[i]!);
  expect({ admin: delta[0], treasury: delta[1], deposit: delta[2] }).toEqual({ admin: -fees, treasury: -expected.legs, deposit: 0n });

  const close = done.events.find((e) => e.kind === 'sweep' || e.kind === 'refund')?.signature;
  if (expected.rentTo) {
    expect(close).toBeTruthy();
    const tx = await chain.connection.getTransaction(close!, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    // what the close handed over: the receiver's gain, plus the fee when the receiver paid it (the admin)
    const paidFee = tx!.transaction.message.staticAccountKeys[0]!.equals(expected.rentTo) ? BigInt(tx!.meta!.fee) : 0n;
    expect(lamportDelta(tx!, expected.rentTo.toBase58()) + paidFee).toBe(rent);
    expect(await chain.connection.getAccountInfo(depositAccountOf(order), 'confirmed')).toBeNull();
  } else {
    expect(await chain.connection.getBalance(depositAccountOf(order), 'confirmed')).toBe(Number(rent));
  }
  table.push({ ending, platformDelta: delta.reduce((a, b) => a + b, 0n), fees, legs: expected.legs, rentReturned: expected.label });
}

const solLeg = (order: JellyOrder) => toBaseUnits(order.amountUserWannaGet, 9);
const full = (order: JellyOrder) => toBaseUnits(order.amountUserSend, 6);

describe('every ending of a Coin Jelly token deposit', () => {
  it('completed: the payout and the sweep cost the platform their fees; the sender gets the rent back', async () => {
    const order = await reserved(usdcToSol('10', bob.keypair.publicKey));
    await checkEnding('completed (USDC → SOL)', order, async () => {
      await h.sendUsdc(order.companyWallet, full(order));
      await tick();
      const done = await orderOf(app, s.headers, order.id);
      expect(done).toMatchObject({ stage: 'completed' });
      return done;
    }, { legs: solLeg(order), rentTo: alice.keypair.publicKey, label: `${rent} to the sender` });
  });

  it('refunded at the user’s choice after an under-payment', async () => {
    const order = await reserved(usdcToSol('10', bob.keypair.publicKey));
    await checkEnding('refunded (under-payment, user chose refund)', order, async () => {
      await h.sendUsdc(order.companyWallet, 1n);
      await tick();
      expect((await choose(order, 'refund')).statusCode).toBe(200);
      await tick();
      const done = await orderOf(app, s.headers, order.id);
      expect(done).toMatchObject({ stage: 'refunded' });
      return done;
    }, { legs: 0n, rentTo: alice.keypair.publicKey, label: `${rent} to the sender` });
  });

  it('refunded after the window: a deposit after the order expired', async () => {
    const order = await reserved(usdcToSol('10', bob.keypair.publicKey));
    await checkEnding('refunded (late deposit after expiry)', order, async () => {
      clock.advance(16 * 60_000);
      s = await session(app, alice);
      await tick();
      expect(await orderOf(app, s.headers, order.id)).toMatchObject({ stage: 'expired' });
      await h.sendUsdc(order.companyWallet, full(order));
      await tick();
      expect(await orderOf(app, s.headers, order.id)).toMatchObject({ stage: 'needs_choice' });
      expect((await choose(order, 'refund')).statusCode).toBe(200);
      await tick();
      const done = await orderOf(app, s.headers, order.id);
      expect(done).toMatchObject({ stage: 'refunded' });
      return done;
    }, { legs: 0n, rentTo: alice.keypair.publicKey, label: `${rent} to the sender` });
  });

  it('refunded instead of waiting for the recipient’s token account', async () => {
    const order = await reserved({ ...usdcToSol('10', Keypair.generate().publicKey), receiveCoin: 'USDT' });
    await checkEnding('refunded (instead of waiting for the recipient’s account)', order, async () => {
      await h.sendUsdc(order.companyWallet, full(order));
      await tick();
      expect(await orderOf(app, s.headers, order.id)).toMatchObject({ stage: 'deposit_detected' });
      expect((await choose(order, 'refund')).statusCode).toBe(200);
      await tick();
      const done = await orderOf(app, s.headers, order.id);
      expect(done).toMatchObject({ stage: 'refunded' });
      return done;
    }, { legs: 0n, rentTo: alice.keypair.publicKey, label: `${rent} to the sender` });
  });

  it('an account opened by someone else (an exchange paying for the user): the rent goes to them, not the refund address', async () => {
    const order = await reserved(usdcToSol('10', alice.keypair.publicKey));
    await checkEnding('completed, deposit sent by a third party', order, async () => {
      await chainHelpers(chain, bob.keypair).sendUsdc(order.companyWallet, full(order));
      await tick();
      const done = await orderOf(app, s.headers, order.id);
      expect(done).toMatchObject({ stage: 'completed' });
      return done;
    }, { legs: solLeg(order), rentTo: bob.keypair.publicKey, label: `${rent} to the third party who opened it` });
  });

  it('an account the platform opened: the rent stays with the platform', async () => {
    const order = await reserved(usdcToSol('10', bob.keypair.publicKey));
    await checkEnding('completed, deposit account opened by the admin', order, async () => {
      const owner = new PublicKey(order.companyWallet);
      const open = createAssociatedTokenAccountIdempotentInstruction(chain.admin.publicKey, depositAccountOf(order), owner, USDC);
      await sendAndConfirmTransaction(chain.connection, new Transaction().add(open), [chain.adminKeypair]);
      await h.sendUsdc(order.companyWallet, full(order));
      await tick();
      const done = await orderOf(app, s.headers, order.id);
      expect(done).toMatchObject({ stage: 'completed' });
      return done;
    }, { legs: solLeg(order), rentTo: chain.admin.publicKey, label: `${rent} back to the admin that paid it` });
  });

  it('completed by an admin (a pair an admin pays): nothing is swept or closed, the platform spends nothing', async () => {
    const order = await reserved({ ...usdcToSol('10', alice.keypair.publicKey), receiveCoin: 'BTC', receiveChain: 'Bitcoin', recipientAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' });
    await checkEnding('completed by an admin (USDC → BTC)', order, async () => {
      await h.sendUsdc(order.companyWallet, full(order));
      await tick();
      expect(await orderOf(app, s.headers, order.id)).toMatchObject({ stage: 'awaiting_admin' });
      const admin = await session(app, adminWallet);
      const update = await app.inject({ method: 'PATCH', url: '/api/admin/update-jelly', headers: admin.headers, payload: { id: order.id, status: 1, txID: BTC_TX } });
      expect(update.statusCode).toBe(200);
      return orderOf(app, s.headers, order.id);
    }, { legs: 0n, rentTo: null, label: 'not closed: stays in the deposit account with the deposit' });
  });
});
