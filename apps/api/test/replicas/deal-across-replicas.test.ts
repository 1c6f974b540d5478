// One deal driven through the load balancer with each step steered to a different replica than the one before it
// (claim a, lock b, chat c, payment a, release b, rating c; the answers' x-jelly-replica header proves it), while
// each party holds a socket on EVERY replica: each push must reach all of them, so every event crossed from the
// replica that wrote it to the two that did not (PostgreSQL LISTEN/NOTIFY), and the chain's balances match the deal.
import { OrderStatus, settlementPayout } from '@jelly/domain';
import type { RealtimeServerMessage } from '@jelly/contracts';
import { describe, expect, it } from 'vitest';
import { RealtimeTestClient } from '../../src/realtime/testing/realtime-client.ts';
import { REPLICA_NAMES, type ReplicaName } from '../cluster/cluster.ts';
import { useCluster } from '../cluster/cluster-test-app.ts';
import { claim, escrowConfig, getOrder, lockInstruction, offer, signInstructions, submit, trader, usdcOf, userTransaction, type Trader } from '../helpers/deal-fixtures.ts';

const c = useCluster();
const PUSH_WITHIN_MS = 20_000;

/** One socket per replica for the trader, opened on the replica itself (not through the balancer) so its home is known. */
async function socketsOnEveryReplica(who: Trader): Promise<Map<ReplicaName, RealtimeTestClient>> {
  const sockets = new Map<ReplicaName, RealtimeTestClient>();
  for (const name of REPLICA_NAMES) sockets.set(name, await RealtimeTestClient.connect(c.replicaUrl(name), { token: who.token }));
  return sockets;
}

async function everySocketGets(sockets: Iterable<RealtimeTestClient>, match: (m: RealtimeServerMessage) => boolean) {
  await Promise.all([...sockets].map((socket) => socket.next(match, PUSH_WITHIN_MS)));
}

/** Steers the next request to `replica`, runs the step, and checks from the answer's header that `replica` served it. */
async function on<T>(replica: ReplicaName, step: () => Promise<T>): Promise<T> {
  await c.lb.steer(replica);
  const before = c.lb.served.length;
  const result = await step();
  expect(c.lb.served[before]?.replica).toBe(replica);
  return result;
}

describe('a deal across three replicas behind the load balancer', () => {
  it('runs claim, lock, chat, payment, release and rating on changing replicas; every push reaches every replica', async () => {
    const { t } = c;
    const alice = await trader(t, { usdc: 50_000_000n }); // the seller: crypto side
    const bob = await trader(t); // the buyer: fiat side
    const offerId = await offer(t, alice, 0, 50_000_000n);
    const aliceSockets = await socketsOnEveryReplica(alice);
    const bobSockets = await socketsOnEveryReplica(bob);
    const everyone = [...aliceSockets.values(), ...bobSockets.values()];
    const status = (dealId: number, s: OrderStatus) => (m: RealtimeServerMessage) => m.type === 'order.status' && m.orderId === dealId && m.status === s;

    const dealId = await on('a', () => claim(t, bob, offerId, 20_000_000n));
    await everySocketGets(aliceSockets.values(), (m) => m.type === 'notification.created' && m.notification.orderId === dealId);

    const forLock = await getOrder(t.app, alice, dealId);
    const lockTx = await userTransaction(t, alice.keypair, [lockInstruction(t, forLock, alice.key)]);
    expect((await on('b', () => submit(t, alice, lockTx))).status).toBe(OrderStatus.CryptoGuyLockedCrypto);
    await everySocketGets(everyone, status(dealId, OrderStatus.CryptoGuyLockedCrypto));

    const chat = await on('c', () =>
      t.app.inject({
        method: 'POST',
        url: '/api/chat/add-messages',
        headers: bob.headers,
        payload: { dealId, accountId: bob.wallet.address, content: 'Paid by SEPA, reference J-1', createdAtUtc: new Date().toISOString() },
      }),
    );
    expect(chat.statusCode).toBe(201);
    await everySocketGets(everyone, (m) => m.type === 'chat.message' && m.dealId === dealId && m.message.content === 'Paid by SEPA, reference J-1');

    const escrow = await escrowConfig(t);
    const forPayment = await getOrder(t.app, bob, dealId);
    const paidTx = await userTransaction(t, bob.keypair, signInstructions(t, forPayment, bob.key, escrow, false));
    expect((await on('a', () => submit(t, bob, paidTx))).status).toBe(OrderStatus.SignedByOneParty);
    await everySocketGets(everyone, status(dealId, OrderStatus.SignedByOneParty));

    const treasuryBefore = await usdcOf(t, escrow.treasury); // the admin's treasury also holds other tests' fees
    const forRelease = await getOrder(t.app, alice, dealId);
    const releaseTx = await userTransaction(t, alice.keypair, signInstructions(t, forRelease, alice.key, escrow, true));
    expect((await on('b', () => submit(t, alice, releaseTx))).status).toBe(OrderStatus.Completed);
    await everySocketGets(everyone, status(dealId, OrderStatus.Completed));

    const rating = await on('c', () =>
      t.app.inject({ method: 'POST', url: '/api/rating', headers: bob.headers, payload: { toWallet: alice.wallet.address, score: 5, comment: 'Fast', dealId } }),
    );
    expect(rating.statusCode).toBe(200);
    await everySocketGets(aliceSockets.values(), (m) => m.type === 'notification.created' && m.notification.kind === 'review_received' && m.notification.orderId === dealId);

    const { fee, toFiatSide } = settlementPayout(20_000_000n, escrow.feeBps);
    expect(await usdcOf(t, bob.key)).toBe(toFiatSide);
    expect(await usdcOf(t, escrow.treasury)).toBe(treasuryBefore + fee);
    expect(await usdcOf(t, alice.key)).toBe(30_000_000n);
    for (const socket of everyone) await socket.close();
  });
});
