// A locked deal's extended window on a real localnet: the refund waits for the new deadline.
import type { DealWindow } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, dealRow, getOrder, lockInstruction, offer, submit, trader, usdcOf, userTransaction } from '../../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, type ChainTestApp } from '../../../../test/helpers/test-chain.ts';
import { session, type Session } from '../../orders/testing.ts';
import { expireDeals } from '../expire-deals.ts';

let t: ChainTestApp;
beforeAll(async () => {
  t = await createChainTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;
const run = () => expireDeals({ db: t.app.db, chain: t.chain, now: t.clock.now });

async function at<T>(when: number, body: () => Promise<T>): Promise<T> {
  const before = t.clock.now();
  t.clock.set(new Date(when));
  try {
    return await body();
  } finally {
    t.clock.set(before);
  }
}

const post = (s: Session, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: s.headers, payload });

describe('a locked deal with an extended payment window', () => {
  it('is refunded only after the new deadline, and an accept racing the job just before the old one wins', async () => {
    const seller = await trader(t, { usdc: 10_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 10_000_000n);
    const dealId = await claim(t, buyer, offerId, 10_000_000n);
    const deal = await getOrder(t.app, seller, dealId);
    await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    const deadline = Date.parse(deal.paymentDeadline ?? '');

    const asked = await post(buyer, `/api/deals/${dealId}/window/extensions`, { minutes: 60 });
    expect(asked.statusCode).toBe(200);
    const id = asked.json<DealWindow>().extensions[0]?.id ?? 0;

    await at(deadline - 1_000, async () => {
      const fresh = await session(t.app, seller.wallet);
      const [accepted, report] = await Promise.all([post(fresh, `/api/deals/${dealId}/window/extensions/${id}/answer`, { answer: 'accept' }), run()]);
      expect(accepted.statusCode).toBe(200);
      expect(report.refunded).not.toContain(dealId);
    });
    await at(deadline + 1_000, async () => {
      const report = await run();
      expect(report.refunded).not.toContain(dealId);
      expect(report.synced).not.toContain(dealId);
    });
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);
    expect(await usdcOf(t, seller.key)).toBe(0n);

    await at(deadline + 60 * MINUTE + 1_000, async () => {
      expect((await run()).refunded).toContain(dealId);
    });
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.Expired);
    expect(await usdcOf(t, seller.key)).toBe(10_000_000n);
  });
});
