// An admin's resolution of a disputed deal (admin_resolve_universal_ticket: to the buyer, amount − fee to them and
// the fee to the treasury; or back to the seller), killed (kill -9, by its fail-points) at each step of its send while
// the admin's request waits, is finished exactly once by the next API process of the same deployment: the deal Admin
// Resolved, the tokens moved once, every balance to the base unit and the lamport, and the decision audited once
// with the admin's reason, which both parties read. A resolution whose recorded bytes expired unsent is signed and
// sent afresh from the decision recorded with it: the admin does not have to decide again.
import type { OrderDetails } from '@jelly/contracts';
import { OrderStatus, settlementPayout } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escrowConfig, getOrder, type Trader } from '../helpers/deal-fixtures.ts';
import { session, type Session } from '../../src/modules/orders/testing.ts';
import { until } from './api-process.ts';
import {
  adminSol,
  auditActions,
  DEAL_AMOUNT,
  dealSendStates,
  expectParties,
  lockedDeal,
  noSendPending,
  offerAccounts,
  SIGNATURE_FEE,
  statusOf,
  ticketClosed,
  treasuryUsdc,
  USER_TX_FEE,
  type CrashDeal,
} from './crash-deals.ts';
import { createCrashWorld, type CrashWorld } from './crash-world.ts';

/** Each step with the direction its resolution goes: both directions, each killed at two steps. */
const STEPS = [
  ['after-sign', 'buyer'],
  ['after-send', 'seller'],
  ['after-confirm', 'buyer'],
  ['before-record', 'seller'],
] as const;
const REASON = 'Checked the chat and the bank statement';

let world: CrashWorld;
let admin: Session | undefined;
const killed: { step: string; deal: CrashDeal; releaseTo: 'buyer' | 'seller'; expired: boolean; unrecorded?: boolean }[] = [];
let adminBefore: bigint;
let treasuryBefore: bigint;

beforeAll(async () => {
  world = await createCrashWorld();
  adminBefore = await adminSol(world);
  treasuryBefore = await treasuryUsdc(world);
});
afterAll(async () => {
  await world?.close();
});


/** The buyer opens a dispute (a support request to the admins): Admin Resolving. */
async function dispute(buyer: Trader, dealId: number): Promise<void> {
  const response = await world.t.app.inject({
    method: 'POST',
    url: '/api/platform/call-tg-bot',
    headers: buyer.headers,
    payload: { dealId: String(dealId), buyerWallet: null, sellerWallet: null, orderUrl: `http://localhost/swap-chat/${dealId}`, receiver: 'Admin', messageType: 'AdminNotification' },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(await statusOf(world, dealId)).toBe(OrderStatus.AdminResolving);
}

/**
 * Starts a process armed at `admin_resolve:<step>`; once it has finished what the previous process left, a locked
 * deal is disputed and the admin resolves it: the process dies on the resolution's way, the request unanswered.
 */
async function resolutionKilledAt(step: string, releaseTo: 'buyer' | 'seller'): Promise<CrashDeal> {
  const api = await world.start(`admin_resolve:${step}`);
  await noSendPending(world);
  const previous = killed.at(-1);
  if (previous) await ticketClosed(world, previous.deal.dealId);
  admin ??= await session(world.t.app, world.adminWallet);
  const deal = await lockedDeal(world, { buyerAccount: releaseTo === 'buyer' });
  await dispute(deal.buyer, deal.dealId);
  const answered = await fetch(`${api.url}/api/admin/orders/${deal.dealId}/resolve`, {
    method: 'POST',
    headers: { ...admin.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ releaseTo, reason: REASON }),
  }).then(
    () => true,
    () => false,
  );
  expect(answered).toBe(false);
  expect(await api.exited).toBe('SIGKILL');
  return deal;
}

describe("an admin's resolution of a dispute, killed mid-send", () => {
  it('to the buyer: dies at admin_resolve:after-claim (the slot taken, nothing signed); the next process sends the decision', async () => {
    world.showOutputOnFailure();
    const deal = await resolutionKilledAt('after-claim', 'buyer');
    killed.push({ step: 'after-claim', deal, releaseTo: 'buyer', expired: false, unrecorded: true });
    // finished before the next fail-point is armed: the decision sent afresh passes every later step's fail-point
    await world.start();
    await until(() => statusOf(world, deal.dealId), (s) => s === OrderStatus.AdminResolved, 90_000, 'deal after after-claim');
  });

  for (const [step, releaseTo] of STEPS) {
    it(`to the ${releaseTo}: dies at admin_resolve:${step}; the next process finishes it`, async () => {
      world.showOutputOnFailure();
      killed.push({ step, deal: await resolutionKilledAt(step, releaseTo), releaseTo, expired: false });
    });
  }

  it('to the seller: dies at admin_resolve:after-sign once more, and the signed bytes expire unsent', async () => {
    world.showOutputOnFailure();
    killed.push({ step: 'after-sign (expired)', deal: await resolutionKilledAt('after-sign', 'seller'), releaseTo: 'seller', expired: true });
    world.expireBlockhashes();
  });

  it('each resolution landed once: Admin Resolved, the tokens moved once, audited once with the reason the parties read', async () => {
    world.showOutputOnFailure();
    await world.start();
    for (const { step, deal } of killed) {
      await until(() => statusOf(world, deal.dealId), (s) => s === OrderStatus.AdminResolved, 90_000, `deal after ${step}`);
      await ticketClosed(world, deal.dealId);
    }
    await noSendPending(world);
    const { feeBps } = await escrowConfig(world.t);
    const { fee, toFiatSide } = settlementPayout(DEAL_AMOUNT, feeBps);
    let adminPaid = 0n;
    let fees = 0n;
    for (const { step, deal, releaseTo, expired, unrecorded } of killed) {
      const label = `${step} → ${releaseTo}`;
      expect(await statusOf(world, deal.dealId), label).toBe(OrderStatus.AdminResolved);
      const toBuyer = releaseTo === 'buyer';
      await expectParties(world, deal, { seller: toBuyer ? DEAL_AMOUNT : 2n * DEAL_AMOUNT, buyer: toBuyer ? toFiatSide : 0n, vault: 0n }, label);
      if (toBuyer) fees += fee;
      // one resolution landed; the bytes that expired unsent were signed afresh, in the same admin's name
      expect(await dealSendStates(world, deal.dealId, 'admin_resolve'), label).toEqual(expired ? ['expired', 'landed'] : ['landed']);
      // the reservation never recorded failed, and the decision recorded with it was sent afresh without the admin
      const { rows } = await world.db.query<{ state: string }>("SELECT state FROM deal_transactions WHERE order_id = $1 AND kind = 'admin_resolve' ORDER BY created_at", [deal.dealId]);
      expect(rows.map((r) => r.state), label).toEqual(expired || unrecorded ? ['failed', 'confirmed'] : ['confirmed']);
      expect(await auditActions(world, deal.dealId), label).toEqual([{ action: `resolve_to_${releaseTo}`, reason: REASON, actor: world.adminWallet.address }]);
      for (const party of [deal.buyer, deal.seller]) {
        const seen: OrderDetails = await getOrder(world.t.app, party, deal.dealId);
        expect(seen.adminResolution, label).toMatchObject({ releasedTo: releaseTo, reason: REASON });
      }
      // the lock (two signatures), the resolution and the ticket's close (one each); the offer's accounts stay open
      adminPaid += USER_TX_FEE + 2n * SIGNATURE_FEE + (await offerAccounts(world, deal.offerId)).rent;
    }
    expect(await adminSol(world)).toBe(adminBefore - adminPaid);
    expect(await treasuryUsdc(world)).toBe(treasuryBefore + fees);
  });
});
