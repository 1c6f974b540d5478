// A payout that waited for the recipient's token account, and the user's refund choice, race once the account is
// open: both are conditional moves from deposit_detected (payout_sent, refund_instead_of_waiting), so for every order
// exactly one wins, the other is refused (409 with the reason), and the deposit leaves once: paid or refunded.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JellyOrder } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey } from '@solana/web3.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createClock } from '../../../test/helpers/clock.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createChainWallet, startTestChain, type TestChain } from '../../../test/helpers/test-chain.ts';
import { USDC_MINT, errorOf, session, type Session } from '../orders/testing.ts';
import { WAITING_REFUND_MESSAGES } from './refund-waiting.ts';
import { chainHelpers, orderOf, reserve, solToUsdc, testJellyConfig, watcherOf, type ChainHelpers } from './testing.ts';

const USDC = new PublicKey(USDC_MINT);
const SOL = 1_000_000_000n;
// Two look-agains per order stay within the endpoint's rate limit (10 a minute per caller).
const ORDERS = 4;
const clock = createClock();
let chain: TestChain;
let dataDir: string;
let app: FastifyInstance;
let h: ChainHelpers;
let s: Session;

beforeAll(async () => {
  chain = await startTestChain();
  dataDir = await mkdtemp(join(tmpdir(), 'jelly-refund-vs-payout-'));
  const config = testConfig({ driver: 'pglite', dataDir: join(dataDir, 'pglite') }, clock, { coinJelly: testJellyConfig() });
  await chain.faucet!(chain.admin.publicKey, { sol: 500n * SOL });
  const alice = createChainWallet();
  await chain.faucet!(alice.keypair.publicKey, { sol: 100n * SOL });
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

describe('payout claim against refund choice', () => {
  it('lets exactly one win for every order, and the deposit leaves once', async () => {
    const orders: { order: JellyOrder; recipient: PublicKey; refundTo: PublicKey }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const recipient = Keypair.generate().publicKey;
      const refundTo = Keypair.generate().publicKey;
      const reserved = await reserve(app, s.headers, { ...solToUsdc('1', recipient), refundAddress: refundTo.toBase58() });
      expect(reserved.statusCode).toBe(200);
      const order = reserved.json<JellyOrder>();
      await h.sendSol(order.companyWallet, SOL);
      orders.push({ order, recipient, refundTo });
    }
    await watcherOf(app).tick();
    for (const { order, recipient } of orders) {
      expect(await orderOf(app, s.headers, order.id)).toMatchObject({ stage: 'deposit_detected', waitingForAccount: { payment: 'payout' } });
      await h.openUsdcAccount(recipient);
    }

    // Even orders, the tightest race: the refund choice is sent the moment the payout's run has read the now-open
    // account, so it meets the payout between that read and its claim, with a second choice racing alongside. Odd
    // orders: the choice comes once the payout is claimed (the desk reads the account again before it sends).
    const refunds = new Map<number, Promise<LightMyRequestResponse>>();
    const reads = new Map<number, number>();
    const choose = (id: number) => app.inject({ method: 'POST', url: `/api/coin-jelly/orders/${id}/choice`, headers: s.headers, payload: { choice: 'refund' } });
    const look = (id: number) => app.inject({ method: 'POST', url: `/api/coin-jelly/orders/${id}/check-account`, headers: s.headers });
    const indexOf = new Map(orders.map(({ recipient }, i) => [getAssociatedTokenAddressSync(USDC, recipient, true).toBase58(), i]));
    const getAccountInfo = chain.connection.getAccountInfo.bind(chain.connection);
    chain.connection.getAccountInfo = async (key, config) => {
      const info = await getAccountInfo(key, config);
      const i = indexOf.get(key.toBase58());
      if (i !== undefined) {
        reads.set(i, (reads.get(i) ?? 0) + 1);
        if (!refunds.has(i) && reads.get(i) === (i % 2 === 0 ? 1 : 2)) refunds.set(i, choose(orders[i]!.order.id));
      }
      return info;
    };
    let looks: LightMyRequestResponse[][];
    let others: (LightMyRequestResponse | null)[];
    try {
      [looks, others] = await Promise.all([
        Promise.all(orders.map(({ order }) => Promise.all([look(order.id), look(order.id)]))),
        Promise.all(orders.map(({ order }, i) => (i % 2 === 0 ? choose(order.id) : null))),
      ]);
    } finally {
      chain.connection.getAccountInfo = getAccountInfo;
    }

    let paid = 0;
    let refunded = 0;
    for (const [i, { order, recipient, refundTo }] of orders.entries()) {
      const choices = [await refunds.get(i), others[i]].filter((c) => c !== null && c !== undefined);
      expect(choices.length).toBe(i % 2 === 0 ? 2 : 1);
      for (const answer of looks[i]!) expect(answer.statusCode).toBe(200);
      const final = await orderOf(app, s.headers, order.id);
      const usdc = await h.usdcOf(recipient);
      const back = await h.lamports(refundTo);
      if (i % 2 === 1) expect(final.stage).toBe('completed');
      if (final.stage === 'completed') {
        paid += 1;
        expect(usdc).toBe(toBaseUnits(order.amountUserWannaGet, 6));
        expect(back).toBe(0n);
        for (const answer of choices) {
          expect(errorOf(answer).status).toBe(409);
          expect([WAITING_REFUND_MESSAGES.payoutSending, WAITING_REFUND_MESSAGES.payoutSent]).toContain(errorOf(answer).message);
        }
      } else {
        refunded += 1;
        expect(final.stage).toBe('refunded');
        expect(usdc).toBe(0n);
        expect(back).toBe(SOL);
        expect(choices.filter((c) => c.statusCode === 200)).toHaveLength(1);
        expect(final.events.filter((e) => e.kind === 'payout')).toHaveLength(0);
      }
    }
    expect(paid + refunded).toBe(ORDERS);
  });
});
