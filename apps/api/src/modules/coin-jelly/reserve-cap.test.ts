// The per-wallet daily cap on Coin Jelly reservations (COIN_JELLY_MAX_ORDERS_PER_DAY), counted from the database so it
// holds across API processes and concurrent requests; it resets at 00:00 UTC.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jellyOrders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { errorOf, session } from '../orders/testing.ts';
import { reserve, testJellyConfig } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { coinJelly: testJellyConfig({ maxOrdersPerDay: 3 }) } });
});
afterAll(async () => {
  await t.close();
});

const ethToBtc = {
  sendCoin: 'ETH',
  sendChain: 'Ethereum',
  receiveCoin: 'BTC',
  receiveChain: 'Bitcoin',
  amountUserSend: '1',
  recipientAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  refundAddress: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
};
const ordersOf = async (wallet: string) =>
  (await t.app.db.select({ n: count() }).from(jellyOrders).where(eq(jellyOrders.userWallet, wallet)))[0]?.n;

describe('COIN_JELLY_MAX_ORDERS_PER_DAY', () => {
  it('refuses a wallet’s order past the cap with 429 and when it resets; other wallets and the next UTC day are free', async () => {
    t.clock.set(new Date('2026-11-24T23:50:00Z'));
    const wallet = createWallet();
    const s = await session(t.app, wallet);
    for (let i = 0; i < 3; i += 1) expect((await reserve(t.app, s.headers, ethToBtc)).statusCode).toBe(200);
    const refused = await reserve(t.app, s.headers, ethToBtc);
    expect(errorOf(refused)).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'You can reserve at most 3 Coin Jelly orders a day; the limit resets at 2026-11-25 00:00 UTC.',
    });
    expect(refused.json<{ error: { details: unknown } }>().error.details).toEqual({ retryAt: '2026-11-25T00:00:00.000Z' });
    expect(await ordersOf(wallet.address)).toBe(3);

    const other = await session(t.app, createWallet());
    expect((await reserve(t.app, other.headers, ethToBtc)).statusCode).toBe(200);

    t.clock.set(new Date('2026-11-25T00:00:00Z'));
    const nextDay = await session(t.app, wallet);
    expect((await reserve(t.app, nextDay.headers, ethToBtc)).statusCode).toBe(200);
    expect(await ordersOf(wallet.address)).toBe(4);
  });

  it('holds under concurrency: six reservations at once from one wallet, three pass', async () => {
    const wallet = createWallet();
    const s = await session(t.app, wallet);
    const responses = await Promise.all(Array.from({ length: 6 }, () => reserve(t.app, s.headers, ethToBtc)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await ordersOf(wallet.address)).toBe(3);
  });
});
