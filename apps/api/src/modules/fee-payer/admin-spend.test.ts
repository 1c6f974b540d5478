// What the admin pays is counted and budgeted: every figure is checked against the localnet's own transaction meta.
import type { OrderDetails } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import type { Config } from '@jelly/escrow';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { ComputeBudgetProgram, Keypair, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSpend, adminSpendAlerts } from '../../db/schema/index.ts';
import {
  USDC,
  cancelInstructions,
  claim,
  escrowConfig,
  getOrder,
  lockInstruction,
  offer,
  signInstructions,
  trader,
  userTransaction,
  type Trader,
} from '../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, createChainWallet, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { DEFAULT_FEE_PAYER_CONFIG, type FeePayerConfig } from '../../chain/gate/index.ts';
import { checkRunway } from './fee-payer-status.ts';
import { recordAdminSpend } from '../../chain/gate/index.ts';

const adminWallet = createChainWallet();
let t: ChainTestApp;
let escrow: Config;
let admin: Session;

beforeAll(async () => {
  t = await createChainTestApp({ config: { adminWallets: new Set([adminWallet.address]) } });
  escrow = await escrowConfig(t);
  admin = await session(t.app, adminWallet);
});
afterAll(async () => {
  await t.close();
});

/** Budgets for one test: the defaults with some overridden (the co-signer reads them on every request). */
function setBudgets(change: (config: FeePayerConfig) => void): void {
  const config = structuredClone(DEFAULT_FEE_PAYER_CONFIG);
  change(config);
  t.config.feePayer = config;
}

function post(s: Session, transaction: string, ip = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/platform/admin/sign-and-send',
    headers: s.headers,
    remoteAddress: ip,
    payload: { transaction },
  });
}

/** The next 00:00 UTC after the app's clock, as the refusals print it. */
function nextUtcMidnight(): string {
  const now = t.clock.now();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return `${next.toISOString().slice(0, 10)} 00:00 UTC`;
}

/** A Sell offer by `seller`, claimed by `buyer`: the deal, In Progress, as GET /orders/{id} shows it. */
async function openDeal(seller: Trader, buyer: Trader, amount = 5_000_000n): Promise<OrderDetails> {
  const offerId = await offer(t, seller, 0, amount);
  const dealId = await claim(t, buyer, offerId, amount);
  return getOrder(t.app, seller, dealId);
}

const lockTx = (seller: Trader, deal: OrderDetails) => userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]);

async function spendRow(signature: string) {
  const [row] = await t.app.db.select().from(adminSpend).where(eq(adminSpend.signature, signature));
  return row;
}

describe('what the admin pays is recorded from the chain', () => {
  it('charges a lock to the wallet and IP that sent it, to the lamport of meta.fee and the balance change', async () => {
    setBudgets(() => {});
    const alice = await trader(t, { usdc: 10_000_000n });
    const bob = await trader(t);
    const deal = await openDeal(alice, bob);
    const before = BigInt(await t.chain.connection.getBalance(t.chain.admin.publicKey, 'confirmed'));

    const response = await post(alice, await lockTx(alice, deal), '203.0.113.7');
    expect(response.statusCode).toBe(200);
    const { signature } = response.json<{ signature: string }>();

    const after = BigInt(await t.chain.connection.getBalance(t.chain.admin.publicKey, 'confirmed'));
    const onChain = await t.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    const row = await spendRow(signature);
    expect(row).toMatchObject({ wallet: alice.wallet.address, ip: '203.0.113.7', kind: 'lock', orderId: deal.orderId, failed: false });
    expect(row?.feeLamports).toBe(BigInt(onChain?.meta?.fee ?? -1));
    expect(row?.priorityFeeLamports).toBe(0n);
    expect(row?.rentLamports).toBeGreaterThan(0n); // the lock funded the ticket (and the offer's order and vault)
    expect((row?.feeLamports ?? 0n) + (row?.rentLamports ?? 0n)).toBe(before - after);
  });

  it('charges a transaction that passed simulation and then failed on chain to the wallet that sent it', async () => {
    setBudgets(() => {});
    const alice = await trader(t, { usdc: 5_000_000n });
    const bob = await trader(t);
    const deal = await openDeal(alice, bob);
    const transaction = await lockTx(alice, deal);

    // Between the co-signer's simulation and the landing, alice moves her tokens away: the lock fails on chain.
    const connection = t.chain.connection;
    const realSend = connection.sendRawTransaction.bind(connection);
    connection.sendRawTransaction = async (...args) => {
      connection.sendRawTransaction = realSend;
      const sink = Keypair.generate().publicKey;
      const from = getAssociatedTokenAddressSync(USDC, alice.key);
      const to = getAssociatedTokenAddressSync(USDC, sink);
      const move = new Transaction().add(
        createAssociatedTokenAccountIdempotentInstruction(alice.key, to, sink, USDC),
        createTransferInstruction(from, to, alice.key, 5_000_000n),
      );
      await sendAndConfirmTransaction(connection, move, [alice.keypair], { commitment: 'confirmed' });
      return realSend(...args);
    };

    const response = await post(alice, transaction, '203.0.113.8');
    expect(response.statusCode).toBe(409);
    const failed = await t.app.db.select().from(adminSpend).where(eq(adminSpend.orderId, deal.orderId));
    expect(failed).toHaveLength(1);
    const onChain = await connection.getTransaction(failed[0]?.signature ?? '', { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(onChain?.meta?.err).not.toBeNull();
    expect(failed[0]).toMatchObject({ wallet: alice.wallet.address, ip: '203.0.113.8', failed: true, rentLamports: 0n });
    expect(failed[0]?.feeLamports).toBe(BigInt(onChain?.meta?.fee ?? -1));
  });
});

describe('the priority fee the admin pays is capped at what a busy cluster needs', () => {
  it('refuses a price without a limit that the default limit multiplies; records the priority fee it pays', async () => {
    setBudgets(() => {});
    const alice = await trader(t, { usdc: 5_000_000n });
    const bob = await trader(t);
    const deal = await openDeal(alice, bob);
    expect((await post(alice, await lockTx(alice, deal))).statusCode).toBe(200);
    const forBob = await getOrder(t.app, bob, deal.orderId);
    expect((await post(bob, await userTransaction(t, bob.keypair, signInstructions(t, forBob, bob.key, escrow, false)))).statusCode).toBe(200);

    // the settlement with two token-account creations and the top price: 3 × 200,000 default units → 30,000 lamports
    const forAlice = await getOrder(t.app, alice, deal.orderId);
    const settle = signInstructions(t, forAlice, alice.key, escrow, true);
    const price = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 50_000 });
    const refused = await post(alice, await userTransaction(t, alice.keypair, [price, ...settle]));
    expect(errorOf(refused)).toMatchObject({ status: 400, code: 'TRANSACTION_REFUSED', message: expect.stringMatching(/^The priority fee may be at most 10000 lamports .*this one is 30150\./) });

    // with a limit the transaction needs, the same price costs the admin 5,000 lamports, recorded as priority fee
    const limit = ComputeBudgetProgram.setComputeUnitLimit({ units: 100_000 });
    const settled = await post(alice, await userTransaction(t, alice.keypair, [limit, price, ...settle]));
    expect(settled.statusCode).toBe(200);
    const row = await spendRow(settled.json<{ signature: string }>().signature);
    expect(row).toMatchObject({ priorityFeeLamports: 5_000n, feeLamports: 15_000n });
  });
});

describe('daily budgets: the co-signer refuses before signing, saying when the budget resets', () => {
  it("refuses a wallet over its network-fee budget (429) and signs nothing; other wallets go on", async () => {
    setBudgets((c) => {
      c.feeBudgets.wallet = 10_000n; // one two-signature transaction
    });
    const alice = await trader(t, { usdc: 5_000_000n });
    const bob = await trader(t);
    const deal = await openDeal(alice, bob);
    expect((await post(alice, await lockTx(alice, deal))).statusCode).toBe(200);

    // bob (another wallet) still marks paid; alice's next transaction is refused
    const forBob = await getOrder(t.app, bob, deal.orderId);
    expect((await post(bob, await userTransaction(t, bob.keypair, signInstructions(t, forBob, bob.key, escrow, false)))).statusCode).toBe(200);
    const forAlice = await getOrder(t.app, alice, deal.orderId);
    const refused = await post(alice, await userTransaction(t, alice.keypair, signInstructions(t, forAlice, alice.key, escrow, true)));
    expect(errorOf(refused)).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: `Daily network-fee budget for this wallet reached; it resets at ${nextUtcMidnight()}.`,
    });
    expect((await getOrder(t.app, alice, deal.orderId)).status).toBe(OrderStatus.SignedByOneParty);
  });

  it('refuses a wallet over its rent budget', async () => {
    setBudgets((c) => {
      c.rentBudgets.wallet = 1n;
    });
    const carol = await trader(t, { usdc: 10_000_000n });
    const dave = await trader(t);
    const first = await openDeal(carol, dave);
    expect((await post(carol, await lockTx(carol, first))).statusCode).toBe(200); // funds rent
    const second = await openDeal(carol, dave);
    expect(errorOf(await post(carol, await lockTx(carol, second)))).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: `Daily rent budget for this wallet reached; it resets at ${nextUtcMidnight()}.`,
    });
  });

  it('refuses fresh wallets from a network address over its budget; other addresses go on', async () => {
    setBudgets((c) => {
      c.feeBudgets.ip = 10_000n;
    });
    const erin = await trader(t, { usdc: 5_000_000n });
    const frank = await trader(t, { usdc: 5_000_000n });
    const buyer = await trader(t);
    expect((await post(erin, await lockTx(erin, await openDeal(erin, buyer)), '198.51.100.9')).statusCode).toBe(200);

    const franksDeal = await openDeal(frank, buyer);
    expect(errorOf(await post(frank, await lockTx(frank, franksDeal), '198.51.100.9'))).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: `Daily network-fee budget for your network address reached; it resets at ${nextUtcMidnight()}.`,
    });
    expect((await post(frank, await lockTx(frank, franksDeal), '198.51.100.10')).statusCode).toBe(200);
  });

  it('refuses everyone once the platform budget is reached', async () => {
    const spent = (await t.app.db.select().from(adminSpend)).reduce((sum, r) => sum + r.feeLamports, 0n);
    expect(spent).toBeGreaterThan(0n);
    setBudgets((c) => {
      c.feeBudgets.platform = spent;
    });
    const gina = await trader(t, { usdc: 5_000_000n });
    expect(errorOf(await post(gina, await lockTx(gina, await openDeal(gina, await trader(t)))))).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: `The platform's daily network-fee budget is reached; transactions are paused and it resets at ${nextUtcMidnight()}.`,
    });
  });

  it('alerts the operators once per window when the platform budget is crossed', async () => {
    const lines: { level: number; msg: string }[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const [row] = await t.app.db.select().from(adminSpend).limit(1);
    const feePayer = structuredClone(DEFAULT_FEE_PAYER_CONFIG);
    feePayer.feeBudgets.platform = 1n;
    const ctx = { db: t.app.db, chain: t.chain, now: t.clock.now, feePayer, log };
    const input = { signature: row?.signature ?? '', wallet: row?.wallet ?? null, ip: null, kind: 'lock', orderId: null };
    await recordAdminSpend(ctx, input);
    await recordAdminSpend(ctx, input);
    const alerts = lines.filter((l) => l.msg.includes("platform's daily network-fee budget is reached"));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.level).toBe(40);
    expect(await t.app.db.select().from(adminSpendAlerts)).toHaveLength(1);
  });
});

describe('deals that end without a fee are bounded per wallet and day', () => {
  it('refuses a lock once the limit of locked deals ending cancelled or expired is reached today', async () => {
    setBudgets((c) => {
      c.unearnedLocksPerDay = 1;
    });
    const seller = await trader(t, { usdc: 10_000_000n });
    const buyer = await trader(t);
    const deal = await openDeal(seller, buyer);
    expect((await post(seller, await lockTx(seller, deal))).statusCode).toBe(200);
    const forBuyer = await getOrder(t.app, buyer, deal.orderId);
    const cancelled = await post(buyer, await userTransaction(t, buyer.keypair, cancelInstructions(t, forBuyer, buyer.key)));
    expect(cancelled.json()).toMatchObject({ status: OrderStatus.Cancelled });

    const next = await openDeal(seller, buyer);
    expect(errorOf(await post(seller, await lockTx(seller, next)))).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: `1 locked deal of yours ended cancelled or expired today; locking is paused until ${nextUtcMidnight()}.`,
    });
  });
});

describe('operators see the fee payer', () => {
  it('GET /api/admin/fee-payer: balance, last 24 hours of spend and runway (admin only)', async () => {
    const trader1 = await trader(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/fee-payer', headers: trader1.headers })).statusCode).toBe(403);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/fee-payer', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const rows = await t.app.db.select().from(adminSpend);
    const fees = rows.reduce((sum, r) => sum + r.feeLamports, 0n);
    const rent = rows.reduce((sum, r) => sum + r.rentLamports, 0n);
    const balance = BigInt(await t.chain.connection.getBalance(t.chain.admin.publicKey, 'confirmed'));
    expect(response.json()).toEqual({
      feePayer: t.chain.admin.publicKey.toBase58(),
      balanceLamports: balance.toString(),
      spent24h: { feeLamports: fees.toString(), rentLamports: rent.toString(), totalLamports: (fees + rent).toString() },
      runwayDays: Math.floor((Number(balance) / Number(fees + rent)) * 10) / 10,
    });
  });

  it('warns when fewer than 7 days of runway remain, not before', async () => {
    const lines: { level: number; msg: string }[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const ctx = { db: t.app.db, chain: t.chain, now: t.clock.now, log };
    expect((await checkRunway(ctx, 7)).runwayDays).toBeGreaterThan(7);
    expect(lines).toHaveLength(0);

    // the admin's balance drops to 5 days of the last 24 hours' spend
    const status = await checkRunway(ctx, 7);
    const keep = status.spent24h.totalLamports * 5n;
    const drain = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: t.chain.admin.publicKey, toPubkey: Keypair.generate().publicKey, lamports: status.balanceLamports - keep - 5_000n }),
    );
    await sendAndConfirmTransaction(t.chain.connection, drain, [t.chain.adminKeypair], { commitment: 'confirmed' });
    expect((await checkRunway(ctx, 7)).runwayDays).toBe(5);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: expect.stringContaining('5 days of runway left (under 7)') });
  });
});
