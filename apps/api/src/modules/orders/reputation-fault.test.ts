import type { TradingStats } from '@jelly/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { expireDeals } from '../deals/index.ts';
import { buyOfferBody, createOrder, postOrder, sellerDetails, session, type Session } from './testing.ts';

const MINUTE = 60_000;

describe('reputation counts a failed deal only against the party at fault', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const newTrader = async () => session(t.app, createWallet());
  /** A Buy offer (its creator pays fiat; the claimer locks the crypto), 100 USDC, any fiat amount. */
  const offer = (s: Session) => createOrder(t.app, s, buyOfferBody({ minFiatAmount: '0', maxFiatAmount: '0' }));
  const claim = async (s: Session, offerId: number, amount = '10000000') => {
    const response = await postOrder(t.app, s, { parentOrderId: offerId, amount, ...sellerDetails() });
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
  /** Moves a deal the way the chain sync does (the escrow itself is covered by the deal-flow tests). */
  const move = (dealId: number, status: number, extra = sql``) =>
    t.app.db.execute(sql`UPDATE orders SET status = ${status}, updated_at = now() ${extra} WHERE order_id = ${dealId}`);
  const complete = async (dealId: number) => {
    await move(dealId, 8, sql`, locked_at = now()`);
    await move(dealId, 3, sql`, filled_quantity = amount`);
  };
  const stats = async (s: Session) =>
    (await t.app.inject({ method: 'GET', url: `/api/platform/trading-stats/${s.wallet.address}` })).json<TradingStats>();
  const counters = async (s: Session) => {
    const result = (await t.app.db.execute(
      sql`SELECT trades, completed, cancelled FROM trader_stats WHERE wallet = ${s.wallet.address}`,
    )) as unknown as { rows: { trades: number; completed: number; cancelled: number }[] };
    return result.rows[0] ?? { trades: 0, completed: 0, cancelled: 0 };
  };
  const atFault = async (dealId: number) => {
    const result = (await t.app.db.execute(sql`SELECT at_fault_wallet FROM orders WHERE order_id = ${dealId}`)) as unknown as {
      rows: { at_fault_wallet: string | null }[];
    };
    return result.rows[0]?.at_fault_wallet;
  };

  it("a stranger's ten claim-and-cancel cycles move the victim's completion rate by 0; the griefer's own rate falls", async () => {
    const victim = await newTrader();
    const partner = await newTrader();
    const griefer = await newTrader();
    const offerId = await offer(victim);
    await complete(await claim(partner, offerId));
    expect(await stats(victim)).toMatchObject({ completedDeals: 1, finishedDeals: 1, cancelledDeals: 0, completionRate: 100 });

    for (let i = 0; i < 10; i += 1) await cancel(griefer, await claim(griefer, offerId));

    expect(await stats(victim)).toMatchObject({ completedDeals: 1, finishedDeals: 1, cancelledDeals: 0, completionRate: 100 });
    expect(await counters(victim)).toEqual({ trades: 1, completed: 1, cancelled: 0 });
    expect(await stats(griefer)).toMatchObject({ completedDeals: 0, finishedDeals: 10, cancelledDeals: 10, completionRate: 0 });
    expect(await counters(griefer)).toEqual({ trades: 10, completed: 0, cancelled: 10 });
  });

  it('a trader who cancels deals on their own offer sees their own rate fall, not the claimer', async () => {
    const creator = await newTrader();
    const claimer = await newTrader();
    const offerId = await offer(creator);
    await complete(await claim(claimer, offerId));
    await cancel(creator, await claim(claimer, offerId));
    expect(await stats(creator)).toMatchObject({ completedDeals: 1, finishedDeals: 2, cancelledDeals: 1, completionRate: 50 });
    expect(await stats(claimer)).toMatchObject({ completedDeals: 1, finishedDeals: 1, cancelledDeals: 0, completionRate: 100 });
  });

  it('an expired payment window blames the side whose turn it was: the crypto side before a lock, the fiat side after', async () => {
    const buyer = await newTrader(); // creates a Buy offer: the fiat side
    const seller = await newTrader(); // claims it: the crypto side, who locks
    const offerId = await offer(buyer);
    const unlocked = await claim(seller, offerId);
    t.clock.advance(31 * MINUTE);
    const report = await expireDeals({ db: t.app.db, chain: null, now: t.clock.now });
    expect(report.expired).toContain(unlocked);
    expect(await atFault(unlocked)).toBe(seller.wallet.address);

    const locked = await claim(await session(t.app, seller.wallet), offerId);
    await move(locked, 8, sql`, locked_at = now()`);
    await move(locked, 7); // the payment-window job's refund of a lock the fiat side never marked paid
    expect(await atFault(locked)).toBe(buyer.wallet.address);

    expect(await stats(buyer)).toMatchObject({ finishedDeals: 1, cancelledDeals: 1, completionRate: 0 });
    expect(await stats(seller)).toMatchObject({ finishedDeals: 1, cancelledDeals: 1, completionRate: 0 });
  });

  it('a lapsed lock whose seller never gave payment details counts against the seller, not the buyer', async () => {
    const buyer = await newTrader();
    const seller = await newTrader();
    const offerId = await offer(buyer);
    // A deal claimed before details were required: none stored under it.
    const locked = await claim(seller, offerId);
    await t.app.db.execute(sql`DELETE FROM offer_payment_details WHERE offer_id = ${locked}`);
    await move(locked, 8, sql`, locked_at = now()`);
    await move(locked, 7); // the payment-window job's refund: the buyer had nowhere to pay
    expect(await atFault(locked)).toBe(seller.wallet.address);
    expect(await stats(buyer)).toMatchObject({ finishedDeals: 0, cancelledDeals: 0 });
    expect(await counters(buyer)).toEqual({ trades: 0, completed: 0, cancelled: 0 });
    expect(await stats(seller)).toMatchObject({ finishedDeals: 1, cancelledDeals: 1, completionRate: 0 });
  });

  it("blames the side an admin ruled against, and the fiat side's cancel after a lock", async () => {
    const buyer = await newTrader();
    const seller = await newTrader();
    const offerId = await offer(buyer);
    const released = await claim(seller, offerId);
    await move(released, 8, sql`, locked_at = now()`);
    await move(released, 6, sql`, filled_quantity = amount`); // released to the buyer: ruled against the seller
    expect(await atFault(released)).toBe(seller.wallet.address);

    const refunded = await claim(seller, offerId);
    await move(refunded, 8, sql`, locked_at = now()`);
    await move(refunded, 6); // refunded to the seller: ruled against the buyer
    expect(await atFault(refunded)).toBe(buyer.wallet.address);

    const cancelledOnChain = await claim(seller, offerId);
    await move(cancelledOnChain, 8, sql`, locked_at = now()`);
    await move(cancelledOnChain, 4); // after a lock only the fiat side can cancel (on chain)
    expect(await atFault(cancelledOnChain)).toBe(buyer.wallet.address);

    const disputedBeforeLock = await claim(seller, offerId);
    await move(disputedBeforeLock, 5);
    await move(disputedBeforeLock, 4); // an admin sent a never-locked deal back to the seller
    expect(await atFault(disputedBeforeLock)).toBe(buyer.wallet.address);

    expect(await counters(seller)).toEqual({ trades: 1, completed: 0, cancelled: 0 });
    expect(await counters(buyer)).toEqual({ trades: 3, completed: 0, cancelled: 2 });
  });
});
