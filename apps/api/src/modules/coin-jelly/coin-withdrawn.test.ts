// Orders placed in a Solana stablecoin, then the server restarted with that coin withdrawn from the cluster's list
// (STABLECOIN_MINTS): they still read and list (a deposit in it without a payment link), the admin is told why one
// cannot be marked paid in it (409, never a 500), and can still fail it with a reason.
import type { JellyListResponse, JellyOrder } from '@jelly/contracts';
import { KNOWN_MINTS } from '@jelly/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { jellyOrders } from '../../db/schema/index.ts';
import { createClock } from '../../../test/helpers/clock.ts';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import type { StablecoinMints } from '../../chain/stablecoin-mints.ts';
import { errorOf, session } from '../orders/testing.ts';
import { COIN_WITHDRAWN } from './coins.ts';
import { orderOf, reserve, testJellyConfig } from './testing.ts';

const ETH_REFUND = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const BTC_RECIPIENT = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const BTC_TX = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';
const SOLANA_TX = '5'.repeat(87);
const clock = createClock();
const jellyConfig = testJellyConfig();
const adminWallet = createWallet();
const userWallet = createWallet();
const jwtSecret = new Uint8Array(32).fill(9);
let dataDir: string;
let app: FastifyInstance | null = null;

/** The server on the one data folder, with this cluster's stablecoin list. */
async function start(stablecoinMints: StablecoinMints): Promise<FastifyInstance> {
  const config = testConfig({ driver: 'pglite', dataDir: join(dataDir, 'pglite') }, clock, {
    coinJelly: jellyConfig,
    adminWallets: new Set([adminWallet.address]),
    jwtSecret,
    stablecoinMints,
  });
  const started = await buildApp(config);
  await started.ready();
  return started;
}

let orderId: number;
let payoutId: number;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'jelly-coin-withdrawn-'));
  app = await start({ USDC: KNOWN_MINTS.USDC, USDT: KNOWN_MINTS.USDT });
  const user = await session(app, userWallet);
  // USDC in, BTC out (an admin pays; this server has no chain), and one paid out in USDC by the desk.
  const reserved = await reserve(app, user.headers, {
    sendCoin: 'USDC',
    sendChain: 'Solana',
    receiveCoin: 'BTC',
    receiveChain: 'Bitcoin',
    amountUserSend: '100',
    recipientAddress: BTC_RECIPIENT,
  });
  expect(reserved.statusCode, reserved.body).toBe(200);
  orderId = reserved.json<JellyOrder>().id;
  expect(reserved.json<JellyOrder>().paymentUri).toContain(`spl-token=${KNOWN_MINTS.USDC}`);
  const toUsdc = await reserve(app, user.headers, { sendCoin: 'ETH', sendChain: 'Ethereum', receiveCoin: 'BTC', receiveChain: 'Bitcoin', amountUserSend: '1', recipientAddress: BTC_RECIPIENT, refundAddress: ETH_REFUND });
  payoutId = toUsdc.json<JellyOrder>().id;
  // As if reserved when the desk could pay USDC (it needs a chain here): the same order, paid out in USDC.
  await app.db.update(jellyOrders).set({ receiveCoin: 'USDC', receiveChain: 'Solana', recipientAddress: createWallet().address }).where(eq(jellyOrders.id, payoutId));
  await app.close();
  app = await start({ USDT: KNOWN_MINTS.USDT });
}, 180_000);
afterAll(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('orders in a coin the cluster no longer offers', () => {
  it('still read and list for their owner; a deposit in it has no payment link', async () => {
    const user = await session(app!, userWallet);
    expect(await orderOf(app!, user.headers, orderId)).toMatchObject({ id: orderId, cryptoCurrencyFromUser: 'USDC', amountUserSend: '100', paymentUri: '' });
    const list = await app!.inject({ method: 'GET', url: '/api/coin-jelly/user-orders', headers: user.headers });
    expect(list.json<JellyListResponse>().data.map((o) => o.id).sort()).toEqual([orderId, payoutId].sort());
    const queue = await app!.inject({ method: 'GET', url: '/api/admin/coin-jelly/queue', headers: (await session(app!, adminWallet)).headers });
    expect(queue.statusCode, queue.body).toBe(200);
  });

  it('cannot be marked paid in it (409 with the reason), and can be failed', async () => {
    const admin = await session(app!, adminWallet);
    const update = (payload: object) => app!.inject({ method: 'PATCH', url: '/api/admin/update-jelly', headers: admin.headers, payload });
    const paid = await update({ id: payoutId, status: 1, txID: SOLANA_TX });
    expect(paid.statusCode).toBe(409);
    expect(errorOf(paid).message).toBe(COIN_WITHDRAWN('USDC', 'Solana'));
    // A txID in another chain's format is still refused as such.
    expect(errorOf(await update({ id: payoutId, status: 1, txID: BTC_TX })).status).toBe(400);
    const failed = await update({ id: payoutId, status: 2, reason: 'USDC is no longer offered' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json<JellyOrder>()).toMatchObject({ stage: 'failed', reason: 'USDC is no longer offered' });
  });
});
