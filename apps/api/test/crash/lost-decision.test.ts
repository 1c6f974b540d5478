// An admin's resolution whose process died before hearing back, while the node held every send (kill -9 of the
// process, then the held sends dropped: the node never saw them), and whose row the payment window's stale-pending
// sweep failed first as never landed: the decision recorded with it (direction, reason, admin) is signed afresh by
// the send recovery of the next process, without the admin deciding again — the deal Admin Resolved once, the tokens
// moved once, one audit row in the admin's name with the admin's reason.
import { OrderStatus, settlementPayout } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRpcFaultProxy, type RpcFaultProxy } from '../../src/chain/testing/rpc-fault-proxy.ts';
import { session } from '../../src/modules/orders/testing.ts';
import { escrowConfig } from '../helpers/deal-fixtures.ts';
import { until } from './api-process.ts';
import { auditActions, DEAL_AMOUNT, dealSendStates, expectParties, lockedDeal, statusOf } from './crash-deals.ts';
import { createCrashWorld, type CrashWorld } from './crash-world.ts';

const REASON = 'The bank statement shows the payment';

let world: CrashWorld;
let proxy: RpcFaultProxy;

beforeAll(async () => {
  world = await createCrashWorld();
  proxy = await startRpcFaultProxy({ rpcUrl: world.localnet.rpcUrl, wsUrl: world.localnet.wsUrl });
});
afterAll(async () => {
  await world?.close();
  await proxy?.close();
});

const rowStates = async (dealId: number) =>
  (await world.db.query<{ state: string }>("SELECT state FROM deal_transactions WHERE order_id = $1 AND kind = 'admin_resolve' ORDER BY created_at", [dealId])).rows.map(
    (r) => r.state,
  );

describe("an admin's resolution lost with its process while the node held the send", () => {
  it('is signed afresh from the recorded decision, once, by the next process', async () => {
    world.showOutputOnFailure();
    // the process reaches the chain through the proxy
    const first = await world.start(undefined, { SOLANA_RPC_URL: proxy.rpcUrl, SOLANA_WS_URL: proxy.wsUrl });
    const deal = await lockedDeal(world, { buyerAccount: true });
    const buyerDispute = await world.t.app.inject({
      method: 'POST',
      url: '/api/platform/call-tg-bot',
      headers: deal.buyer.headers,
      payload: { dealId: String(deal.dealId), buyerWallet: null, sellerWallet: null, orderUrl: `http://localhost/swap-chat/${deal.dealId}`, receiver: 'Admin', messageType: 'AdminNotification' },
    });
    expect(buyerDispute.statusCode, buyerDispute.body).toBe(200);

    // the node holds every send from now on; the admin's request waits for an answer that never comes
    proxy.add({ methods: ['sendTransaction'], action: { kind: 'hang' } });
    const admin = await session(world.t.app, world.adminWallet);
    void fetch(`${first.url}/api/admin/orders/${deal.dealId}/resolve`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ releaseTo: 'buyer', reason: REASON }),
    }).catch(() => undefined);
    await proxy.reached('sendTransaction', 'hang', 1);
    expect(await first.kill()).toBe('SIGKILL');
    // the held sends are dropped (never forwarded), and their blockhash dies
    proxy.clear();
    world.expireBlockhashes();
    expect(await dealSendStates(world, deal.dealId, 'admin_resolve')).toEqual(['pending']);

    // The payment window's stale-pending sweep finds the row first (its request is long gone) and fails it as never
    // landed; this process runs no send recovery.
    await world.db.query("UPDATE deal_transactions SET updated_at = now() - interval '10 minutes' WHERE order_id = $1", [deal.dealId]);
    const sweeper = await world.start(undefined, { SEND_RECOVERY_SECONDS: '0' });
    await until(() => rowStates(deal.dealId), (states) => states[0] === 'failed', 60_000, 'the stale row failed by the sweep');
    await sweeper.stop();
    expect(await statusOf(world, deal.dealId)).toBe(OrderStatus.AdminResolving);
    expect(await auditActions(world, deal.dealId)).toEqual([]);

    // The next process's send recovery: the recorded send expired, its row already failed — the decision is sent afresh.
    await world.start();
    await until(() => statusOf(world, deal.dealId), (s) => s === OrderStatus.AdminResolved, 90_000, 'the decision sent afresh');
    const { feeBps } = await escrowConfig(world.t);
    const { toFiatSide } = settlementPayout(DEAL_AMOUNT, feeBps);
    await expectParties(world, deal, { seller: DEAL_AMOUNT, buyer: toFiatSide, vault: 0n }, 'after the fresh send');
    expect(await dealSendStates(world, deal.dealId, 'admin_resolve')).toEqual(['expired', 'landed']);
    expect(await rowStates(deal.dealId)).toEqual(['failed', 'confirmed']);
    expect(await auditActions(world, deal.dealId)).toEqual([{ action: 'resolve_to_buyer', reason: REASON, actor: world.adminWallet.address }]);
  });
});
