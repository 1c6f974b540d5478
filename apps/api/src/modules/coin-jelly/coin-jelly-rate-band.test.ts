// A fixed rate is not a free option: an exact deposit in time whose rate the market has since moved against the desk
// by more than COIN_JELLY_PRICE_BAND_BPS goes to the user's choice (exchange at the current rate, or refund); a move
// within the band, or in the desk's favour, is paid at the fixed rate. The price feed is moved between the
// reservation and the deposit; everything else is the real app on a real localnet.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JellyOrder, JellyQuote } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { Keypair } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { createClock } from '../../../test/helpers/clock.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createChainWallet, startTestChain, type ChainWallet, type TestChain } from '../../../test/helpers/test-chain.ts';
import { session, type Session } from '../orders/testing.ts';
import { REFUNDED_REASON } from './record-sends.ts';
import { chainHelpers, orderOf, reserve, solToUsdc, testJellyConfig, usdcToSol, watcherOf, type ChainHelpers } from './testing.ts';

const clock = createClock();
let chain: TestChain;
let dataDir: string;
let app: FastifyInstance;
let alice: ChainWallet;
let s: Session;
let h: ChainHelpers;

beforeAll(async () => {
  chain = await startTestChain();
  dataDir = await mkdtemp(join(tmpdir(), 'jelly-coin-jelly-band-'));
  // the band stated here, not inherited: these cases are built around 1%
  const config = testConfig({ driver: 'pglite', dataDir: join(dataDir, 'pglite') }, clock, { coinJelly: testJellyConfig({ priceBandBps: 100 }) });
  await chain.faucet!(chain.admin.publicKey, { sol: 500n * 10n ** 9n });
  alice = createChainWallet();
  await chain.faucet!(alice.keypair.publicKey, { sol: 100n * 10n ** 9n, usdc: 10_000n * 10n ** 6n });
  app = await buildApp(config, { chain });
  await app.ready();
  s = await session(app, alice);
  h = chainHelpers(chain, alice.keypair);
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await app.close();
  await chain.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** From now on the feed quotes SOL at `usd` (the bundled table's 143.16027451 until then); other coins unchanged. */
function moveSolTo(usd: string): void {
  const feed = app.priceFeed;
  const original = feed.cryptoUsd.bind(feed);
  vi.spyOn(feed, 'cryptoUsd').mockImplementation(async (symbol) => (symbol === 'SOL' ? { value: usd, asOf: clock.now() } : original(symbol)));
}

async function reserved(body: object): Promise<JellyOrder> {
  const response = await reserve(app, s.headers, body);
  if (response.statusCode !== 200) throw new Error(`reserve: ${response.statusCode} ${response.body}`);
  return response.json<JellyOrder>();
}

/** The desk's quote now for the order's send amount: what 'exchange at the current rate' pays. */
async function quoteNow(order: JellyOrder): Promise<JellyQuote> {
  const query = new URLSearchParams({
    sendCoin: order.cryptoCurrencyFromUser,
    sendChain: order.sendChain,
    receiveCoin: order.newUserCrypto,
    receiveChain: order.newUserCryptoChain,
    amountUserSend: order.amountUserSend,
  });
  const response = await app.inject({ method: 'GET', url: `/api/coin-jelly/quote?${query}` });
  if (response.statusCode !== 200) throw new Error(`quote: ${response.statusCode} ${response.body}`);
  return response.json<JellyQuote>();
}

/** One poll: it waits for any scan the socket started, so the deposit is credited and paid (or put to the user). */
async function detected(id: number): Promise<JellyOrder> {
  await watcherOf(app).tick();
  return orderOf(app, s.headers, id);
}

const choose = (id: number, choice: 'exchange' | 'refund') =>
  app.inject({ method: 'POST', url: `/api/coin-jelly/orders/${id}/choice`, headers: s.headers, payload: { choice } }).then((r) => r.json<JellyOrder>());

describe('the market moved against the desk beyond the band before the deposit', () => {
  it('SOL → USDC, SOL down 2.2%: the user chooses, and exchange pays the current rate', async () => {
    const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
    const order = await reserved(solToUsdc('1', recipient));
    moveSolTo('140');
    const now = await quoteNow(order);
    expect(toBaseUnits(now.amountUserWannaGet, 6)).toBeLessThan((toBaseUnits(order.amountUserWannaGet, 6) * 99n) / 100n);

    await h.sendSol(order.companyWallet, 10n ** 9n);
    const asked = await detected(order.id);
    expect(asked).toMatchObject({
      stage: 'needs_choice',
      status: 0,
      received: '1',
      pendingChoice: { kind: 'rate_moved', received: '1', exchangeAmount: now.amountUserWannaGet, rate: now.rate, refundAddress: alice.address },
    });
    expect(asked.events.find((e) => e.kind === 'deposit')?.note).toBe(
      `rate moved beyond the 100 bps band: ${order.amountUserWannaGet} USDC fixed, ${now.amountUserWannaGet} USDC now`,
    );
    expect(await h.usdcOf(recipient)).toBe(0n);

    const exchanged = await choose(order.id, 'exchange');
    expect(exchanged).toMatchObject({ status: 1, stage: 'completed', amountUserSend: '1', amountUserWannaGet: now.amountUserWannaGet });
    expect(await h.usdcOf(recipient)).toBe(toBaseUnits(now.amountUserWannaGet, 6));
  });

  it('USDC → SOL, SOL up 2%: the user chooses, and refund sends the deposit back', async () => {
    const before = await h.usdcOf(alice.keypair.publicKey);
    const order = await reserved(usdcToSol('10', Keypair.generate().publicKey));
    moveSolTo('146.1');
    const now = await quoteNow(order);

    await h.sendUsdc(order.companyWallet, 10_000_000n);
    const asked = await detected(order.id);
    expect(asked).toMatchObject({ stage: 'needs_choice', pendingChoice: { kind: 'rate_moved', received: '10', exchangeAmount: now.amountUserWannaGet } });
    expect(await h.usdcOf(alice.keypair.publicKey)).toBe(before - 10_000_000n);

    const refunded = await choose(order.id, 'refund');
    expect(refunded).toMatchObject({ status: 2, stage: 'refunded', reason: REFUNDED_REASON, pendingChoice: null });
    expect(refunded.events.find((e) => e.kind === 'refund')).toMatchObject({ amount: '10', coin: 'USDC' });
    expect(await h.usdcOf(alice.keypair.publicKey)).toBe(before);
  });
});

describe('the fixed rate is paid', () => {
  it.each([
    { move: 'within the band against the desk (SOL down 0.46%)', sol: '142.5' },
    { move: "far in the desk's favour (SOL up 4.8%)", sol: '150' },
  ])('SOL → USDC, $move', async ({ sol }) => {
    const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
    const order = await reserved(solToUsdc('1', recipient));
    moveSolTo(sol);
    expect((await quoteNow(order)).amountUserWannaGet).not.toBe(order.amountUserWannaGet); // the feed did move

    await h.sendSol(order.companyWallet, 10n ** 9n);
    const done = await detected(order.id);
    expect(done).toMatchObject({ status: 1, stage: 'completed', pendingChoice: null, amountUserWannaGet: order.amountUserWannaGet });
    expect(await h.usdcOf(recipient)).toBe(toBaseUnits(order.amountUserWannaGet, 6));
  });
});
