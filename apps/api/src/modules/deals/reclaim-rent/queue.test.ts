// The work list on the real database: queued in the ending transaction, claimed by one worker at a time (a lease
// with FOR UPDATE SKIP LOCKED), retried with a doubling backoff, re-armed when queued again, swept when forgotten.
import { OrderStatus } from '@jelly/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, rentReclaims } from '../../../db/schema/index.ts';
import { insertDeal } from '../../../../test/helpers/chat-deals.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { moveDeal } from '../deal-writes.ts';
import { claimDueReclaims, enqueueReclaim, markDone, RECLAIM_LEASE_MS, scheduleRetry, sweepUnqueued } from './queue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const rowsOf = async (orderId: number) => t.app.db.select().from(rentReclaims).where(eq(rentReclaims.orderId, orderId));
const parties = { creator: 'C'.repeat(43), acceptor: 'A'.repeat(43) };

describe('the rent-reclamation work list', () => {
  it("is written by the transaction that ends a deal: the deal's ticket and its offer's order", async () => {
    const { offerId, dealId } = await insertDeal(t.app.db, { ...parties, status: OrderStatus.CryptoGuyLockedCrypto });
    const now = t.clock.now();
    const deal = { orderId: dealId, offerId, amount: 40_000_000n };
    await t.app.db.transaction(async (tx) => {
      expect(await moveDeal(tx, deal, 'cancelled_on_chain', {}, now)).toBe(true);
    });
    expect(await rowsOf(dealId)).toEqual([expect.objectContaining({ kind: 'ticket', state: 'pending' })]);
    expect(await rowsOf(offerId)).toEqual([expect.objectContaining({ kind: 'order', state: 'pending' })]);

    // a move that does not end the deal queues nothing
    const other = await insertDeal(t.app.db, parties);
    await moveDeal(t.app.db, { orderId: other.dealId, offerId: other.offerId, amount: 1n }, 'dispute_opened', {}, now);
    expect(await rowsOf(other.dealId)).toEqual([]);
  });

  it('hands a due row to one worker at a time, and backs off 5 s, 10 s, 20 s … after failures', async () => {
    const { dealId } = await insertDeal(t.app.db, parties);
    const now = t.clock.now();
    await t.app.db.delete(rentReclaims); // only this test's row is due
    await enqueueReclaim(t.app.db, 'ticket', dealId, now);

    const [first, second] = await Promise.all([claimDueReclaims(t.app.db, now, 10), claimDueReclaims(t.app.db, now, 10)]);
    expect([...first!, ...second!].map((row) => row.orderId)).toEqual([dealId]);
    const claimed = [...first!, ...second!][0]!;
    expect(claimed.attempts).toBe(1);
    expect(await claimDueReclaims(t.app.db, at(now, RECLAIM_LEASE_MS - 1), 10)).toEqual([]); // leased

    expect(await scheduleRetry(t.app.db, claimed, now, 'node down')).toEqual(at(now, 5_000));
    expect(await claimDueReclaims(t.app.db, at(now, 4_999), 10)).toEqual([]);
    const [again] = await claimDueReclaims(t.app.db, at(now, 5_000), 10);
    expect(again).toMatchObject({ orderId: dealId, attempts: 2, lastError: 'node down' });
    expect(await scheduleRetry(t.app.db, again!, at(now, 5_000), 'node down')).toEqual(at(now, 15_000));

    // done, then queued again (idempotent): pending once more, attempts reset
    await markDone(t.app.db, claimed.id, now, { lamports: 2_373_360n, signature: 'sig' });
    await enqueueReclaim(t.app.db, 'ticket', dealId, now);
    expect(await rowsOf(dealId)).toEqual([
      expect.objectContaining({ state: 'pending', attempts: 0, lamportsReclaimed: 2_373_360n, signature: 'sig' }),
    ]);
  });

  it('sweeps finished deals that were locked and finished offers with no open deal, once', async () => {
    const { offerId, dealId } = await insertDeal(t.app.db, { ...parties, status: OrderStatus.Expired });
    await t.app.db.update(orders).set({ lockedAt: t.clock.now() }).where(eq(orders.orderId, dealId));
    await t.app.db.update(orders).set({ status: OrderStatus.Cancelled }).where(eq(orders.orderId, offerId));
    const unlocked = await insertDeal(t.app.db, { ...parties, status: OrderStatus.Cancelled });

    await sweepUnqueued(t.app.db, t.clock.now());
    expect(await rowsOf(dealId)).toEqual([expect.objectContaining({ kind: 'ticket', state: 'pending' })]);
    expect(await rowsOf(offerId)).toEqual([expect.objectContaining({ kind: 'order', state: 'pending' })]);
    expect(await rowsOf(unlocked.dealId)).toEqual([]); // never locked: no ticket was ever created

    const count = async () => Number(((await t.app.db.execute(sql`SELECT count(*) AS n FROM rent_reclaims`)) as unknown as { rows: { n: string }[] }).rows[0]?.n);
    const before = await count();
    expect(await sweepUnqueued(t.app.db, t.clock.now())).toBe(0);
    expect(await count()).toBe(before);
  });
});
