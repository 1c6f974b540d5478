import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { DEFAULT_CLAIM_LIMITS } from './claim-limits-config.ts';
import { buyOfferBody, createOrder, errorOf, postOrder, sellerDetails, session, type Session } from './testing.ts';

const HOUR = 60 * 60 * 1000;
const FULL = '100000000'; // the whole of a buyOfferBody offer (100 USDC = 92 EUR, its maximum)

describe('claim and offer limits per wallet (squatting and flooding)', () => {
  let t: TestApp;
  let maker: Session;

  beforeAll(async () => {
    t = await createTestApp({ config: { claimLimits: DEFAULT_CLAIM_LIMITS } });
    maker = await session(t.app, createWallet());
  });
  afterAll(async () => {
    await t.close();
  });

  const claim = (s: Session, parentOrderId: number, amount = FULL) => postOrder(t.app, s, { parentOrderId, amount, ...sellerDetails() });
  const dealIdOf = (response: Awaited<ReturnType<typeof claim>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ orderId: number }>().orderId;
  };
  const cancel = async (s: Session, dealId: number) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/update-offers?orderId=${dealId}&orderStatus=4`,
      headers: s.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const offers = (n: number) => Promise.all(Array.from({ length: n }, () => createOrder(t.app, maker, fullOffer())));
  const fullOffer = () => buyOfferBody({ minFiatAmount: '0', maxFiatAmount: '0' });
  const rows = async <T>(query: ReturnType<typeof sql>) => (await t.app.db.execute(query)) as unknown as { rows: T[] };
  /** A fresh maker per test keeps the offers-per-hour budget of one test from leaking into the next. */
  const freshMaker = async () => {
    maker = await session(t.app, createWallet());
  };

  it('stops one wallet from reserving whole offers: at most 3 open claimed deals; others can still claim', async () => {
    await freshMaker();
    const squatter = await session(t.app, createWallet());
    const honest = await session(t.app, createWallet());
    const ids = await offers(5);
    for (const id of ids.slice(0, 3)) dealIdOf(await claim(squatter, id));
    for (const id of ids.slice(3)) {
      expect(errorOf(await claim(squatter, id))).toMatchObject({
        status: 429,
        code: 'RATE_LIMITED',
        message: 'You already have 3 claimed deals waiting for a lock. Finish or cancel one before claiming another.',
      });
    }
    // The offers the squatter could not take are whole for an honest claimer.
    for (const id of ids.slice(3)) dealIdOf(await claim(honest, id));
  });

  it('holds the open-deal cap under 20 concurrent claims by one wallet', async () => {
    await freshMaker();
    const flooder = await session(t.app, createWallet());
    const [offerId] = await offers(1);
    const responses = await Promise.all(Array.from({ length: 20 }, () => claim(flooder, offerId!, '4000000')));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of responses.filter((x) => x.statusCode !== 200)) expect(errorOf(r)).toMatchObject({ status: 429 });
    const open = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders WHERE acceptor_wallet = ${flooder.wallet.address} AND status = 1`);
    expect(open.rows[0]?.n).toBe(3);
    // The creator heard about the claims once, with the count folded in.
    const notices = await rows<{ message: string }>(sql`
      SELECT message FROM notifications WHERE wallet = ${maker.wallet.address} AND kind = 'offer_claimed'`);
    expect(notices.rows).toHaveLength(1);
    expect(notices.rows[0]?.message).toMatch(/^3 claims on your offer #\d+ in the last 10 minutes/);
  });

  it('pauses claiming after 3 cancellations in 24 hours, until a stated time', async () => {
    await freshMaker();
    const griefer = await session(t.app, createWallet());
    const honest = await session(t.app, createWallet());
    const [offerId] = await offers(1);
    const firstCancelAt = t.clock.now();
    for (let i = 0; i < 3; i += 1) {
      await cancel(griefer, dealIdOf(await claim(griefer, offerId!)));
      t.clock.advance(60_000);
    }
    const until = new Date(firstCancelAt.getTime() + 24 * HOUR);
    const stamp = `${new Date(Math.ceil(until.getTime() / 60_000) * 60_000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(errorOf(await claim(griefer, offerId!))).toMatchObject({
      status: 429,
      message: `Claiming is paused until ${stamp} after 3 cancellations in 24 hours.`,
    });
    // The honest claimer takes the whole offer at once.
    dealIdOf(await claim(honest, offerId!));

    t.clock.set(new Date(until.getTime() + 1000));
    const later = await session(t.app, griefer.wallet); // the old access tokens have expired meanwhile
    maker = await session(t.app, maker.wallet);
    const [another] = await offers(1);
    dealIdOf(await claim(later, another!));
  });

  it('caps claims per hour', async () => {
    await freshMaker();
    const busy = await session(t.app, createWallet());
    const [offerId] = await offers(1);
    const start = t.clock.now();
    for (let i = 0; i < 10; i += 1) {
      const dealId = dealIdOf(await claim(busy, offerId!, '5000000'));
      // Stands for a deal that went through (a finished deal no longer counts as open).
      await t.app.db.execute(sql`UPDATE orders SET status = 3 WHERE order_id = ${dealId}`);
    }
    const retry = new Date(start.getTime() + HOUR);
    const stamp = `${new Date(Math.ceil(retry.getTime() / 60_000) * 60_000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(errorOf(await claim(busy, offerId!, '5000000'))).toMatchObject({
      status: 429,
      message: `You can claim at most 10 offers per hour. Try again after ${stamp}.`,
    });
  });

  it("folds claims on one offer into one 'Offer claimed' notification per 10 minutes, then starts a new one", async () => {
    await freshMaker();
    const [offerId] = await offers(1);
    const claimers = await Promise.all(Array.from({ length: 3 }, () => session(t.app, createWallet())));
    const notices = async () =>
      (
        await rows<{ message: string; is_read: boolean }>(sql`
          SELECT message, is_read FROM notifications WHERE wallet = ${maker.wallet.address} AND kind = 'offer_claimed'
          ORDER BY id`)
      ).rows;
    dealIdOf(await claim(claimers[0]!, offerId!, '5000000'));
    expect((await notices())[0]?.message).toMatch(/ claimed 5\.00 USDC /);
    await t.app.db.execute(sql`UPDATE notifications SET is_read = true WHERE wallet = ${maker.wallet.address}`);
    t.clock.advance(9 * 60_000);
    dealIdOf(await claim(claimers[1]!, offerId!, '5000000'));
    const folded = await notices();
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ is_read: false });
    expect(folded[0]?.message).toMatch(new RegExp(`^2 claims on your offer #${offerId} in the last 10 minutes; the latest: `));

    t.clock.advance(2 * 60_000); // 11 minutes after the first notification
    const later = await session(t.app, claimers[2]!.wallet);
    dealIdOf(await claim(later, offerId!, '5000000'));
    const after = await notices();
    expect(after).toHaveLength(2);
    expect(after[1]?.message).toMatch(/ claimed 5\.00 USDC /);
  });

  it('caps offers created per hour, also under concurrency', async () => {
    const creator = await session(t.app, createWallet());
    const responses = await Promise.all(Array.from({ length: 15 }, () => postOrder(t.app, creator, fullOffer())));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(errorOf(r)).toMatchObject({ status: 429, message: expect.stringMatching(/^You can create at most 10 offers per hour\. Try again after /) });
    }
    t.clock.advance(HOUR + 1000);
    const later = await session(t.app, creator.wallet);
    expect((await postOrder(t.app, later, fullOffer())).statusCode).toBe(200);
  });

  it('rate-limits POST /orders/create-order per wallet like every other write (60 a minute)', async () => {
    const hammer = await session(t.app, createWallet());
    const other = await session(t.app, createWallet());
    for (let i = 0; i < 60; i += 1) expect((await claim(hammer, 999_999)).statusCode).toBe(404);
    expect(errorOf(await claim(hammer, 999_999))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    // Counted per wallet: another wallet behind the same address is not affected.
    expect((await claim(other, 999_999)).statusCode).toBe(404);
  });
});
