// The per-wallet limits kept in PostgreSQL hold across the replicas, not per process: one wallet's requests,
// fired together and spread by the load balancer's round robin over all three replicas, stop exactly at the limit
// (CLAIM_MAX_OPEN_DEALS = 3 open claims; REPORT_MAX_PER_DAY = 10 reports a day; the admin's rent budget for one
// wallet, RENT_BUDGET_WALLET_LAMPORTS = 10,000,000 in the global setup), with the limit's own message.
import { describe, expect, it } from 'vitest';
import { createChainWallet } from '../helpers/test-chain.ts';
import { claim, getOrder, lockInstruction, offer, postTransaction, trader, userTransaction } from '../helpers/deal-fixtures.ts';
import { useCluster } from '../cluster/cluster-test-app.ts';
import { REPLICA_NAMES } from '../cluster/cluster.ts';

const c = useCluster();

describe('limits across three replicas', () => {
  it('claims by one wallet on all three replicas at once stop at CLAIM_MAX_OPEN_DEALS (3)', async () => {
    const { t, lb } = c;
    const seller = await trader(t, { usdc: 60_000_000n });
    const offers: number[] = [];
    for (let i = 0; i < 6; i++) offers.push(await offer(t, seller, 0, 10_000_000n));
    const taker = await trader(t);

    const answers = await Promise.all(
      offers.map((offerId) =>
        lb.inject({ method: 'POST', url: '/api/orders/create-order', headers: taker.headers, payload: { parentOrderId: offerId, amount: '5000000' } }),
      ),
    );
    expect(new Set(answers.map((a) => a.replica))).toEqual(new Set(REPLICA_NAMES));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.statusCode)).toEqual([429, 429, 429]);
    for (const a of refused) {
      expect(a.json<{ error: { message: string } }>().error.message).toBe(
        'You already have 3 claimed deals waiting for a lock. Finish or cancel one before claiming another.',
      );
    }
    const { rows } = await c.db.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE acceptor_wallet = $1 AND parent_order_id IS NOT NULL', [
      taker.wallet.address,
    ]);
    expect(Number(rows[0]?.n)).toBe(3);
  });

  it('reports by one wallet on all three replicas at once stop at REPORT_MAX_PER_DAY (10)', async () => {
    const { t, lb } = c;
    const reporter = await trader(t);
    const reported = Array.from({ length: 13 }, () => createChainWallet().address);
    const answers = await Promise.all(
      reported.map((toWallet) =>
        lb.inject({ method: 'POST', url: '/api/rating', headers: reporter.headers, payload: { toWallet, score: 0, comment: 'Asked to pay outside the deal', dealId: null } }),
      ),
    );
    expect(new Set(answers.map((a) => a.replica))).toEqual(new Set(REPLICA_NAMES));
    expect(answers.filter((a) => a.statusCode < 300)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode >= 300);
    expect(refused.map((a) => a.statusCode)).toEqual([429, 429, 429]);
    for (const a of refused) expect(a.json<{ error: { message: string } }>().error.message).toMatch(/^You can report at most 10 users a day; the limit resets at \d{4}-\d\d-\d\d 00:00 UTC\.$/);
    const { rows } = await c.db.query<{ n: string }>('SELECT count(*) AS n FROM user_reports WHERE from_wallet = $1', [reporter.wallet.address]);
    expect(Number(rows[0]?.n)).toBe(10);
  });

  it('locks by one wallet on all three replicas at once stop at its daily rent budget', async () => {
    const { t, lb } = c;
    const seller = await trader(t, { usdc: 30_000_000n });
    const dealIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const buyer = await trader(t);
      dealIds.push(await claim(t, buyer, await offer(t, seller, 0, 10_000_000n), 5_000_000n));
    }
    const transactions = [];
    for (const dealId of dealIds) {
      const deal = await getOrder(t.app, seller, dealId);
      transactions.push(await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    }
    const before = lb.served.length;
    const answers = await Promise.all(transactions.map((tx) => postTransaction(t.app, seller, tx)));
    expect(new Set(lb.served.slice(before).map((s) => s.replica))).toEqual(new Set(REPLICA_NAMES));
    // Each first lock on an offer funds about 7.1 million lamports of rent: the first two fit under 10 million.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429]);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json<{ error: { message: string } }>().error.message).toMatch(
      /^Daily rent budget for this wallet reached; it resets at \d{4}-\d\d-\d\d 00:00 UTC\.$/,
    );
    const { rows } = await c.db.query<{ n: string }>("SELECT count(*) AS n FROM deal_transactions WHERE kind = 'lock' AND order_id = ANY($1)", [dealIds]);
    expect(Number(rows[0]?.n)).toBe(2);
  });
});
