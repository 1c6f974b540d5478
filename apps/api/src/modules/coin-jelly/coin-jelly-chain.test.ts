// Coin Jelly on a real localnet: deposits sent by wallets Jelly did not build the transaction for are found by the
// watcher (socket) or the poller, credited once per signature, and paid out, refunded or swept to the base unit.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JellyOrder } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import {
  AuthorityType,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeAccount3Instruction,
  createSetAuthorityInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  ACCOUNT_SIZE,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealtimeTestClient } from '../../realtime/testing/realtime-client.ts';
import { buildApp } from '../../app.ts';
import type { AppConfig } from '../../config.ts';
import { createClock } from '../../../test/helpers/clock.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createChainWallet, startTestChain, type ChainWallet, type TestChain } from '../../../test/helpers/test-chain.ts';
import { USDC_MINT, session, type Session } from '../orders/testing.ts';
import { addressDelta } from './chain-reads.ts';
import { EXPIRED_REASON } from './deposit-watcher.ts';
import { REFUNDED_REASON } from './record-sends.ts';
import { UPDATE_JELLY_MESSAGES } from './update-jelly.ts';
import { chainHelpers, orderOf, reserve, scannedUntil, solToUsdc, testJellyConfig, usdcToSol, watcherOf, type ChainHelpers } from './testing.ts';
import { AppError } from '../../errors.ts';

const USDC = new PublicKey(USDC_MINT);
const clock = createClock();
let chain: TestChain;
let dataDir: string;
let config: AppConfig;
let app: FastifyInstance;
let alice: ChainWallet;
let s: Session;
const adminWallet = createChainWallet();
let admin: Session;
let h: ChainHelpers;

async function startApp(): Promise<FastifyInstance> {
  const built = await buildApp(config, { chain });
  await built.listen({ port: 0, host: '127.0.0.1' });
  return built;
}

beforeAll(async () => {
  chain = await startTestChain();
  dataDir = await mkdtemp(join(tmpdir(), 'jelly-coin-jelly-'));
  config = testConfig({ driver: 'pglite', dataDir: join(dataDir, 'pglite') }, clock, {
    coinJelly: testJellyConfig(),
    adminWallets: new Set([adminWallet.address]),
  });
  await chain.faucet!(chain.admin.publicKey, { sol: 500n * 10n ** 9n, usdc: 100_000n * 10n ** 6n });
  alice = createChainWallet();
  await chain.faucet!(alice.keypair.publicKey, { sol: 100n * 10n ** 9n, usdc: 10_000n * 10n ** 6n });
  app = await startApp();
  s = await session(app, alice);
  admin = await session(app, adminWallet);
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
const stageIs = (stage: string) => (o: JellyOrder) => o.stage === stage;
const choose = (id: number, choice: 'exchange' | 'refund') =>
  app.inject({ method: 'POST', url: `/api/coin-jelly/orders/${id}/choice`, headers: s.headers, payload: { choice } }).then((r) => r.json<JellyOrder>());

describe('an exact deposit', () => {
  it('SOL → USDC: found by the socket without the button, paid to the base unit, swept to the treasury', async () => {
    const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
    const order = await reserved(solToUsdc('1', recipient));
    const socket = await RealtimeTestClient.connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, { token: s.token });
    const pushedDeposit = socket.next((m) => m.type === 'jelly.updated' && m.order.id === order.id && m.order.received === '1');
    const pushedDone = socket.next((m) => m.type === 'jelly.updated' && m.order.id === order.id && m.order.status === 1);
    const done = scannedUntil(app, s.headers, order.id, stageIs('completed'));
    const signature = await h.sendSol(order.companyWallet, 10n ** 9n);
    const completed = await done;
    // The owner's open page hears the deposit and the completion without asking.
    await pushedDeposit;
    expect(await pushedDone).toMatchObject({ order: { txID: completed.txID, stage: 'completed' } });
    await socket.close();

    expect(completed).toMatchObject({ status: 1, received: '1', reason: null });
    expect(await h.usdcOf(recipient)).toBe(toBaseUnits(order.amountUserWannaGet, 6));
    const deposit = completed.events.find((e) => e.kind === 'deposit');
    expect(deposit).toMatchObject({ signature, amount: '1', coin: 'SOL', actor: 'chain', stage: 'deposit_detected' });
    expect(deposit?.slot).toBeGreaterThan(0);
    expect(completed.events.map((e) => e.kind)).toEqual(['reserved', 'deposit', 'payout_started', 'payout', 'payout_verified', 'sweep']);
    expect(completed.txID).toBe(completed.events.find((e) => e.kind === 'payout')?.signature);
    expect(await h.lamports(new PublicKey(order.companyWallet))).toBe(0n);
  });

  it('USDC → SOL in two deposits (under, then the rest): the deposit account opened by the sender, closed at the sweep', async () => {
    const recipient = Keypair.generate().publicKey;
    const order = await reserved(usdcToSol('100', recipient));
    const account = getAssociatedTokenAddressSync(USDC, new PublicKey(order.companyWallet));
    // the platform opens nothing at reservation: the sender's wallet creates the account with its transfer
    expect(await chain.connection.getAccountInfo(account, 'confirmed')).toBeNull();
    expect(order.paymentUri).toBe(`solana:${order.companyWallet}?amount=100&spl-token=${USDC_MINT}&label=Jelly`);

    const under = scannedUntil(app, s.headers, order.id, stageIs('needs_choice'));
    await h.sendUsdc(order.companyWallet, 80_000_000n);
    expect((await under).pendingChoice).toMatchObject({ kind: 'under', received: '80', refundAddress: alice.address });

    const done = scannedUntil(app, s.headers, order.id, stageIs('completed'));
    await h.sendUsdc(order.companyWallet, 20_000_000n);
    const completed = await done;
    expect(completed).toMatchObject({ status: 1, received: '100', pendingChoice: null });
    expect(completed.events.filter((e) => e.kind === 'deposit').map((e) => e.amount)).toEqual(['80', '20']);
    expect(await h.lamports(recipient)).toBe(toBaseUnits(order.amountUserWannaGet, 9));
    expect(await chain.connection.getAccountInfo(account, 'confirmed')).toBeNull();
  });
});

describe('a deposit that differs from the quote', () => {
  it('under, then refund: the exact deposit comes back to the refund address', async () => {
    const before = await h.usdcOf(alice.keypair.publicKey);
    const order = await reserved(usdcToSol('100', Keypair.generate().publicKey));
    const under = scannedUntil(app, s.headers, order.id, stageIs('needs_choice'));
    await h.sendUsdc(order.companyWallet, 80_000_000n);
    await under;
    expect(await h.usdcOf(alice.keypair.publicKey)).toBe(before - 80_000_000n);
    const refunded = await choose(order.id, 'refund');
    expect(refunded).toMatchObject({ status: 2, stage: 'refunded', reason: REFUNDED_REASON });
    expect(await h.usdcOf(alice.keypair.publicKey)).toBe(before);
    expect(refunded.events.find((e) => e.kind === 'refund')).toMatchObject({ amount: '80', coin: 'USDC' });
  });

  it('over, then exchange at the current rate: all of it is exchanged', async () => {
    const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
    const order = await reserved(solToUsdc('1', recipient));
    const over = scannedUntil(app, s.headers, order.id, stageIs('needs_choice'));
    await h.sendSol(order.companyWallet, 1_200_000_000n);
    const asked = await over;
    expect(asked.pendingChoice).toMatchObject({ kind: 'over', received: '1.2' });
    const exchanged = await choose(order.id, 'exchange');
    expect(exchanged).toMatchObject({ status: 1, stage: 'completed', amountUserSend: '1.2', amountUserWannaGet: asked.pendingChoice?.exchangeAmount });
    expect(await h.usdcOf(recipient)).toBe(toBaseUnits(exchanged.amountUserWannaGet, 6));
  });

  it('late: the order expires, and a deposit after that reopens it with the choice', async () => {
    const order = await reserved(solToUsdc('1', Keypair.generate().publicKey));
    clock.advance(16 * 60_000);
    s = await session(app, alice);
    admin = await session(app, adminWallet);
    await watcherOf(app).tick();
    expect(await orderOf(app, s.headers, order.id)).toMatchObject({ status: 2, stage: 'expired', reason: EXPIRED_REASON });
    const late = scannedUntil(app, s.headers, order.id, stageIs('needs_choice'));
    await h.sendSol(order.companyWallet, 10n ** 9n);
    expect(await late).toMatchObject({ status: 0, reason: null, pendingChoice: { kind: 'late', received: '1' } });
  });
});

describe('what is not a deposit', () => {
  it('a token account handed over to the deposit address (ownership transfer) credits nothing', async () => {
    const order = await reserved(usdcToSol('50', Keypair.generate().publicKey));
    const handed = Keypair.generate();
    const rent = await chain.connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE);
    const payer = alice.keypair;
    const setup = new Transaction().add(
      SystemProgram.createAccount({ fromPubkey: payer.publicKey, newAccountPubkey: handed.publicKey, lamports: rent, space: ACCOUNT_SIZE, programId: TOKEN_PROGRAM_ID }),
      createInitializeAccount3Instruction(handed.publicKey, USDC, payer.publicKey),
      createTransferCheckedInstruction(getAssociatedTokenAddressSync(USDC, payer.publicKey), USDC, handed.publicKey, payer.publicKey, 50_000_000n, 6),
    );
    await sendAndConfirmTransaction(chain.connection, setup, [payer, handed]);
    const handover = await sendAndConfirmTransaction(
      chain.connection,
      new Transaction().add(createSetAuthorityInstruction(handed.publicKey, payer.publicKey, AuthorityType.AccountOwner, new PublicKey(order.companyWallet))),
      [payer],
    );
    expect((await addressDelta(chain.connection, handover, order.companyWallet, USDC_MINT))?.delta).toBe(0n);
    await watcherOf(app).tick();
    expect(await orderOf(app, s.headers, order.id)).toMatchObject({ stage: 'awaiting_deposit', received: '0' });
  });
});

describe('nothing is lost', () => {
  it('a dropped socket: the poller finds the deposit and the order completes', async () => {
    const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
    const order = await reserved(solToUsdc('1', recipient));
    watcherOf(app).dropSocket();
    await h.sendSol(order.companyWallet, 10n ** 9n);
    // The poll (or the reconnect's rescan, whichever comes first: credits are per signature) finds it.
    await watcherOf(app).tick();
    expect(await orderOf(app, s.headers, order.id)).toMatchObject({ status: 1, stage: 'completed' });
    expect(await h.usdcOf(recipient)).toBe(toBaseUnits(order.amountUserWannaGet, 6));
  });

  it('an API restart mid-order: the deposit made while it was down is credited once and paid', async () => {
    const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
    const order = await reserved(solToUsdc('1', recipient));
    await app.close();
    await h.sendSol(order.companyWallet, 10n ** 9n);
    app = await startApp();
    await watcherOf(app).tick();
    const after = await orderOf(app, s.headers, order.id);
    expect(after).toMatchObject({ status: 1, stage: 'completed', received: '1' });
    expect(after.events.filter((e) => e.kind === 'deposit')).toHaveLength(1);
    expect(await h.usdcOf(recipient)).toBe(toBaseUnits(order.amountUserWannaGet, 6));
  });
});

describe('what an admin handles', () => {
  it('a deposit to a finished order waits in the admin queue', async () => {
    const order = await reserved(solToUsdc('1', await h.openUsdcAccount(Keypair.generate().publicKey)));
    const done = scannedUntil(app, s.headers, order.id, stageIs('completed'));
    await h.sendSol(order.companyWallet, 10n ** 9n);
    await done;
    const queued = scannedUntil(app, s.headers, order.id, (o) => o.events.some((e) => e.kind === 'unexpected_deposit'));
    const again = await h.sendSol(order.companyWallet, 200_000_000n);
    await queued;
    const queue = await app.inject({ method: 'GET', url: '/api/admin/coin-jelly/queue', headers: admin.headers });
    expect(queue.json<{ deposits: { orderId: number; signature: string; amount: string }[] }>().deposits).toContainEqual(
      expect.objectContaining({ orderId: order.id, signature: again, amount: '0.2' }),
    );
    const after = await orderOf(app, s.headers, order.id);
    expect(after).toMatchObject({ status: 1, received: '1' });
    expect(after.events.at(-1)).toMatchObject({ kind: 'unexpected_deposit', signature: again });
  });

  it('BTC in, SOL out: the admin confirms the deposit, and a Solana payout txID is checked on chain first', async () => {
    const recipient = Keypair.generate().publicKey;
    const response = await reserve(app, s.headers, {
      sendCoin: 'BTC',
      sendChain: 'Bitcoin',
      receiveCoin: 'SOL',
      receiveChain: 'Solana',
      amountUserSend: '0.001',
      recipientAddress: recipient.toBase58(),
      refundAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    });
    const order = response.json<JellyOrder>();
    expect(order.companyWallet).toMatch(/^tb1q/);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/admin/coin-jelly/confirm-deposit',
      headers: admin.headers,
      payload: { id: order.id, txID: 'c'.repeat(64), amount: '0.001' },
    });
    expect(confirmed.json<JellyOrder>()).toMatchObject({ stage: 'awaiting_admin', status: 0 });

    const owed = toBaseUnits(order.amountUserWannaGet, 9);
    const pay = (lamports: bigint) =>
      sendAndConfirmTransaction(chain.connection, new Transaction().add(SystemProgram.transfer({ fromPubkey: adminWallet.keypair.publicKey, toPubkey: recipient, lamports })), [adminWallet.keypair]);
    await chain.faucet!(adminWallet.keypair.publicKey, { sol: 10n * 10n ** 9n });
    const short = await pay(owed - 1n);
    const update = (txID: string) => app.inject({ method: 'PATCH', url: '/api/admin/update-jelly', headers: admin.headers, payload: { id: order.id, txID, status: 1 } });
    const refused = await update(short);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(UPDATE_JELLY_MESSAGES.txMismatch);
    const full = await pay(owed);
    const done = (await update(full)).json<JellyOrder>();
    expect(done).toMatchObject({ status: 1, stage: 'completed', txID: full });
    expect(done.events.at(-1)).toMatchObject({ kind: 'admin_update', actor: 'admin', signature: full, amount: order.amountUserWannaGet });
  });
});

describe('a payout that fails', () => {
  it('stays in settling for an admin, who pays by hand and records the verified txID', async () => {
    const jelly = app.coinJelly!;
    const desk = jelly.ctx.desk!;
    // a refusal (not a database or node error: those leave the claim for the send recovery)
    jelly.ctx.desk = { ...desk, pay: () => Promise.reject(new AppError('TRANSACTION_FAILED', 'The desk refused the payout')) };
    const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
    try {
      const order = await reserved(solToUsdc('1', recipient));
      const stuck = scannedUntil(app, s.headers, order.id, (o) => o.events.some((e) => e.kind === 'payout_failed'));
      await h.sendSol(order.companyWallet, 10n ** 9n);
      expect(await stuck).toMatchObject({ status: 0, stage: 'settling', txID: null });
      const queue = await app.inject({ method: 'GET', url: '/api/admin/coin-jelly/queue', headers: admin.headers });
      expect(queue.json<{ orders: { id: number }[] }>().orders.map((o) => o.id)).toContain(order.id);

      const owed = toBaseUnits(order.amountUserWannaGet, 6);
      await chain.faucet!(adminWallet.keypair.publicKey, { usdc: owed });
      const by = adminWallet.keypair;
      const manual = await sendAndConfirmTransaction(
        chain.connection,
        new Transaction().add(
          createAssociatedTokenAccountIdempotentInstruction(by.publicKey, getAssociatedTokenAddressSync(USDC, recipient), recipient, USDC),
          createTransferCheckedInstruction(getAssociatedTokenAddressSync(USDC, by.publicKey), USDC, getAssociatedTokenAddressSync(USDC, recipient), by.publicKey, owed, 6),
        ),
        [by],
      );
      const done = await app.inject({ method: 'PATCH', url: '/api/admin/update-jelly', headers: admin.headers, payload: { id: order.id, status: 1, txID: manual } });
      expect(done.json<JellyOrder>()).toMatchObject({ status: 1, stage: 'completed', txID: manual });
      expect(await h.usdcOf(recipient)).toBe(owed);
    } finally {
      jelly.ctx.desk = desk;
    }
  });
});
