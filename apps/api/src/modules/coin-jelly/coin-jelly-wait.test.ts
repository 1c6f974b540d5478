// A Coin Jelly payout or refund waiting for its recipient's token account has a way out: the quote warns before
// reservation, the order says so and notifies once, the user can ask the server to look again (owner only) or take a
// refund instead (409 once the payout is under way), the poller re-reads it at a slower cadence, and after
// COIN_JELLY_WAIT_HOURS it is in the admins' Coin Jelly queue.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JellyAdminQueueResponse, JellyOrder, JellyQuote } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createClock } from '../../../test/helpers/clock.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createChainWallet, startTestChain, type ChainWallet, type TestChain } from '../../../test/helpers/test-chain.ts';
import { USDC_MINT, errorOf, session, type Session } from '../orders/testing.ts';
import { NO_TOKEN_ACCOUNT } from './recipient-account.ts';
import { WAITING_REFUND_MESSAGES } from './refund-waiting.ts';
import { WAIT_RECHECK_MS } from './wait-for-account.ts';
import { WAITING_FOR_ACCOUNT, chainHelpers, orderOf, reserve, solToUsdc, testJellyConfig, watcherOf, type ChainHelpers } from './testing.ts';

const USDC = new PublicKey(USDC_MINT);
const SOL = 1_000_000_000n;
const HOUR = 3_600_000;
const clock = createClock();
let chain: TestChain;
let dataDir: string;
let app: FastifyInstance;
let alice: ChainWallet;
let bob: ChainWallet;
let adminWallet: ChainWallet;
let s: Session;
let h: ChainHelpers;

beforeAll(async () => {
  chain = await startTestChain();
  dataDir = await mkdtemp(join(tmpdir(), 'jelly-coin-jelly-wait-'));
  adminWallet = createChainWallet();
  const config = testConfig({ driver: 'pglite', dataDir: join(dataDir, 'pglite') }, clock, {
    coinJelly: testJellyConfig({ waitHours: 24 }),
    adminWallets: new Set([adminWallet.address]),
  });
  await chain.faucet!(chain.admin.publicKey, { sol: 500n * SOL });
  alice = createChainWallet();
  bob = createChainWallet();
  await chain.faucet!(alice.keypair.publicKey, { sol: 100n * SOL, usdc: 10_000n * 10n ** 6n });
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

const tick = () => watcherOf(app).tick();
const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> | undefined, payload?: object) =>
  app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
const checkAccount = (id: number, as: Session | null = s) => inject('POST', `/api/coin-jelly/orders/${id}/check-account`, as?.headers);
const refundInstead = (id: number) => inject('POST', `/api/coin-jelly/orders/${id}/choice`, s.headers, { choice: 'refund' });
/** The answer's body, failing with it when the status is not 200. */
const ok = <T>(response: { statusCode: number; body: string; json: () => unknown }): T => {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json() as T;
};
const waitNotices = async (id: number) => {
  const notes = (await inject('GET', '/api/Notification?Size=100', s.headers)).json<{ data: { kind: string; jellyId?: number; message: string }[] }>();
  return notes.data.filter((n) => n.jellyId === id && n.kind === 'jelly_waiting_for_account');
};

/** A SOL → USDC order to a fresh address without a USDC account, its deposit detected: the payout waits. */
async function waitingPayout(recipient = Keypair.generate().publicKey): Promise<JellyOrder> {
  const response = await reserve(app, s.headers, solToUsdc('1', recipient));
  expect(response.statusCode).toBe(200);
  const order = response.json<JellyOrder>();
  await h.sendSol(order.companyWallet, SOL);
  await tick();
  const waiting = await orderOf(app, s.headers, order.id);
  expect(waiting).toMatchObject({ stage: 'deposit_detected', waitingForAccount: { payment: 'payout', address: recipient.toBase58(), coin: 'USDC', mint: USDC_MINT } });
  return waiting;
}

describe('the quote', () => {
  const quote = (recipientAddress: string, pair: Record<string, string> = {}) =>
    inject('GET', `/api/coin-jelly/quote?${new URLSearchParams({ ...solToUsdc('1', Keypair.generate().publicKey), ...pair, recipientAddress })}`, undefined);

  it('says before reservation that the recipient has no account for the coin, with the rent from the chain', async () => {
    const rent = await chain.connection.getMinimumBalanceForRentExemption(165);
    expect(rent).toBeGreaterThan(1_500_000); // about 0.002 SOL on every cluster today
    expect(rent).toBeLessThan(2_500_000);
    const response = await quote(Keypair.generate().publicKey.toBase58());
    expect(response.statusCode).toBe(200);
    expect(response.json<JellyQuote>().recipientWarning).toBe('This address has no USDC account: it needs one, about 0.002 SOL, paid by the recipient');
    expect(NO_TOKEN_ACCOUNT('USDC', '0.002')).toBe(response.json<JellyQuote>().recipientWarning);
  });

  it('says nothing for an address that has the account, for SOL, or for an address still being typed', async () => {
    const opened = await h.openUsdcAccount(Keypair.generate().publicKey);
    const usdcToSol = { sendCoin: 'USDC', receiveCoin: 'SOL', amountUserSend: '10' };
    for (const response of [await quote(opened.toBase58()), await quote(Keypair.generate().publicKey.toBase58(), usdcToSol), await quote('7xKX')]) {
      expect(ok<JellyQuote>(response).recipientWarning).toBeUndefined();
    }
  });
});

describe('a payout waiting for the token account', () => {
  it('notifies once, is re-read at a slower cadence, and pays within one look-again once the account is open', async () => {
    const recipient = Keypair.generate().publicKey;
    const order = await waitingPayout(recipient);
    const ata = getAssociatedTokenAddressSync(USDC, recipient, true).toBase58();
    const reads: string[] = [];
    const getAccountInfo = chain.connection.getAccountInfo.bind(chain.connection);
    chain.connection.getAccountInfo = (key, config) => {
      reads.push(key.toBase58());
      return getAccountInfo(key, config);
    };
    try {
      for (let i = 0; i < 3; i++) await tick();
      expect(reads.filter((r) => r === ata)).toHaveLength(0); // read at the first poll, not again within WAIT_RECHECK_MS
      clock.advance(WAIT_RECHECK_MS);
      await tick();
      await tick();
      expect(reads.filter((r) => r === ata)).toHaveLength(1);
    } finally {
      chain.connection.getAccountInfo = getAccountInfo;
    }
    const notices = await waitNotices(order.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain(`${recipient.toBase58()} has no USDC account yet`);
    expect((await orderOf(app, s.headers, order.id)).events.filter((e) => e.kind === WAITING_FOR_ACCOUNT)).toHaveLength(1);

    await h.openUsdcAccount(recipient);
    const paid = await checkAccount(order.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json<JellyOrder>()).toMatchObject({ stage: 'completed', status: 1, waitingForAccount: null });
    expect(await h.usdcOf(recipient)).toBe(toBaseUnits(order.amountUserWannaGet, 6));
    expect(errorOf(await refundInstead(order.id))).toMatchObject({ status: 409, message: WAITING_REFUND_MESSAGES.payoutSent });
  });

  it('answers look-again only to the order’s wallet (404 for no such order, 403 for another wallet, 401 signed out)', async () => {
    const order = await waitingPayout();
    expect(errorOf(await checkAccount(order.id, await session(app, bob)))).toMatchObject({ status: 403 });
    expect(errorOf(await checkAccount(999_999))).toMatchObject({ status: 404 });
    expect((await checkAccount(order.id, null)).statusCode).toBe(401);
    expect((await checkAccount(order.id)).json<JellyOrder>()).toMatchObject({ stage: 'deposit_detected', waitingForAccount: { payment: 'payout' } });
  });

  it('is refunded to the refund address at the user’s choice; a second choice is refused', async () => {
    const order = await waitingPayout();
    const before = await h.lamports(alice.keypair.publicKey);
    const refunded = await refundInstead(order.id);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json<JellyOrder>()).toMatchObject({ stage: 'refunded', status: 2, waitingForAccount: null, refundAddress: alice.address });
    expect((await h.lamports(alice.keypair.publicKey)) - before).toBe(SOL);
    expect(errorOf(await refundInstead(order.id))).toMatchObject({ status: 409 });
  });

  it('joins the admins’ Coin Jelly queue after COIN_JELLY_WAIT_HOURS, saying what it waits for', async () => {
    const order = await waitingPayout();
    const queued = async () => ok<JellyAdminQueueResponse>(await inject('GET', '/api/admin/coin-jelly/queue', admin.headers)).orders.find((o) => o.id === order.id);
    clock.advance(24 * HOUR - 60_000);
    const admin = await session(app, adminWallet); // signed in again: the clock moved past the access token's life
    expect(await queued()).toBeUndefined();
    clock.advance(60_000);
    const entry = await queued();
    expect(entry).toMatchObject({ stage: 'deposit_detected', waitingMinutes: 24 * 60, waitingForAccount: { payment: 'payout', address: order.newUserWallets[0], coin: 'USDC' } });
    s = await session(app, alice);
  });
});

describe('a refund waiting for the refund address’s token account', () => {
  it('says so, notifies once, and is sent once the account is open and the user asks to look again', async () => {
    const refundTo = Keypair.generate().publicKey;
    const order = ok<JellyOrder>(await reserve(app, s.headers, { ...solToUsdc('10', Keypair.generate().publicKey), sendCoin: 'USDC', receiveCoin: 'SOL', refundAddress: refundTo.toBase58() }));
    await h.sendUsdc(order.companyWallet, 1_000_000n);
    await tick();
    const waiting = (await refundInstead(order.id)).json<JellyOrder>();
    expect(waiting).toMatchObject({ stage: 'refunding', waitingForAccount: { payment: 'refund', address: refundTo.toBase58(), coin: 'USDC' } });
    clock.advance(WAIT_RECHECK_MS);
    await tick();
    expect(await waitNotices(order.id)).toHaveLength(1);
    await h.openUsdcAccount(refundTo);
    expect((await checkAccount(order.id)).json<JellyOrder>()).toMatchObject({ stage: 'refunded', waitingForAccount: null });
    expect(await h.usdcOf(refundTo)).toBe(1_000_000n);
  });
});
