// Coin Jelly with all three replicas watching the same deposit addresses (each subscribes on the node's socket and
// polls every second): several orders reserved through the balancer and funded at once are each credited once and
// paid once, to the base unit, and each deposit swept once to the desk.
import type { JellyOrder } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { chainHelpers, solToUsdc } from '../../src/modules/coin-jelly/testing.ts';
import { useCluster } from '../cluster/cluster-test-app.ts';
import { REPLICA_NAMES } from '../cluster/cluster.ts';
import { until } from '../cluster/processes.ts';
import { trader } from '../helpers/deal-fixtures.ts';

const c = useCluster();
const ORDERS = 4;

describe('Coin Jelly deposits watched by three replicas', () => {
  it('credits and pays each of several orders funded at once exactly once', async () => {
    const { t, lb } = c;
    const user = await trader(t, { sol: 20_000_000_000n });
    const h = chainHelpers(t.chain, user.keypair);
    const recipients = await Promise.all(Array.from({ length: ORDERS }, () => h.openUsdcAccount(Keypair.generate().publicKey)));
    const orders: JellyOrder[] = [];
    for (const recipient of recipients) {
      const reserved = await lb.inject({ method: 'POST', url: '/api/coin-jelly/orders', headers: user.headers, payload: solToUsdc('1', recipient) });
      expect(reserved.statusCode).toBe(200);
      orders.push(reserved.json<JellyOrder>());
    }
    expect(new Set(lb.served.filter((s) => s.path === '/api/coin-jelly/orders').map((s) => s.replica))).toEqual(new Set(REPLICA_NAMES));
    const deskUsdcBefore = await h.usdcOf(c.desk.publicKey);

    await Promise.all(orders.map((order) => h.sendSol(order.companyWallet, 1_000_000_000n)));

    const done = await Promise.all(
      orders.map((order) =>
        until(
          `order ${order.id} completed`,
          async () => {
            const answer = await lb.inject({ url: `/api/coin-jelly/orders/${order.id}`, headers: user.headers });
            const seen = answer.json<JellyOrder>();
            // completed once paid; the deposit's sweep to the desk follows
            return seen.stage === 'completed' && seen.events.some((e) => e.kind === 'sweep') ? seen : undefined;
          },
          90_000,
          500,
        ),
      ),
    );
    let paid = 0n;
    for (const [i, order] of done.entries()) {
      const expected = toBaseUnits(order.amountUserWannaGet, 6);
      paid += expected;
      expect(await h.usdcOf(recipients[i] as PublicKey)).toBe(expected);
      expect(order.events.map((e) => e.kind)).toEqual(['reserved', 'deposit', 'payout_started', 'payout', 'payout_verified', 'sweep']);
      expect(await h.lamports(new PublicKey(order.companyWallet))).toBe(0n);
    }
    expect(await h.usdcOf(c.desk.publicKey)).toBe(deskUsdcBefore - paid);
    // One credited deposit and one payout recorded per order, in the table that holds each transaction once.
    for (const order of done) {
      const { rows } = await c.db.query<{ holder: string }>('SELECT holder FROM chain_tx_claims WHERE holder = ANY($1) ORDER BY holder', [
        [`jelly_deposit:${order.id}`, `jelly_payout:${order.id}`],
      ]);
      expect(rows.map((r) => r.holder)).toEqual([`jelly_deposit:${order.id}`, `jelly_payout:${order.id}`]);
    }
  });
});
