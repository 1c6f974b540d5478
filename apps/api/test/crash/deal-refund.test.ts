// The payment-window job's refund of a locked deal whose window ran out (admin_resolve_universal_ticket back to the
// seller → Expired), killed (kill -9, by its fail-points) at each step of its send — the deal's slot taken
// but nothing signed, recorded and signed but not sent, sent, confirmed, confirmed but not recorded — is finished exactly once by the next API process of the same
// deployment: the deal Expired, the tokens back with the seller once, the ticket's rent back with the admin, every
// balance to the base unit and the lamport. A refund whose recorded bytes expired unsent is signed and sent afresh.
import { OrderStatus } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { until } from './api-process.ts';

const STEPS = ['after-sign', 'after-send', 'after-confirm', 'before-record'] as const;

let world: CrashWorld;
/** expired: its signed bytes expired unsent; unrecorded: killed after the claim, before the gate recorded a send. */
const killed: { step: string; deal: CrashDeal; expired: boolean; unrecorded?: boolean }[] = [];
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


/**
 * Starts a process armed at `admin_resolve:<step>`; once it has finished what the previous process left (the
 * refund, then the ticket's close), a deal is locked and its window run out: the job's refund kills the process.
 */
async function refundKilledAt(step: string): Promise<CrashDeal> {
  const api = await world.start(`admin_resolve:${step}`);
  await noSendPending(world);
  const previous = killed.at(-1);
  if (previous) await ticketClosed(world, previous.deal.dealId);
  const deal = await lockedDeal(world);
  // the process's clock is wall time: the deadline is moved into the past instead of waiting out the window
  await world.db.query("UPDATE orders SET payment_deadline = now() - interval '1 second' WHERE order_id = $1", [deal.dealId]);
  expect(await api.exited).toBe('SIGKILL');
  expect(await statusOf(world, deal.dealId)).toBe(OrderStatus.CryptoGuyLockedCrypto);
  return deal;
}

describe("the payment window's refund of a locked deal, killed mid-send", () => {
  it('dies at admin_resolve:after-claim (the slot taken, nothing signed); the next process finishes it', async () => {
    world.showOutputOnFailure();
    const deal = await refundKilledAt('after-claim');
    killed.push({ step: 'after-claim', deal, expired: false, unrecorded: true });
    // finished before the next fail-point is armed: a fresh refund passes every later step's fail-point
    const finisher = await world.start();
    await until(() => statusOf(world, deal.dealId), (s) => s === OrderStatus.Expired, 90_000, 'deal after after-claim');
    // stopped, so that the next deal's work falls to the next armed process
    await finisher.stop();
  });

  for (const step of STEPS) {
    it(`dies at admin_resolve:${step}; the next process finishes it`, async () => {
      world.showOutputOnFailure();
      killed.push({ step, deal: await refundKilledAt(step), expired: false });
    });
  }

  it('dies at admin_resolve:after-sign once more, and the signed bytes expire unsent', async () => {
    world.showOutputOnFailure();
    killed.push({ step: 'after-sign (expired)', deal: await refundKilledAt('after-sign'), expired: true });
    world.expireBlockhashes();
  });

  it('each refund landed once: Expired, the seller refunded and the admin charged once, to the base unit and the lamport', async () => {
    world.showOutputOnFailure();
    await world.start();
    for (const { step, deal } of killed) {
      await until(() => statusOf(world, deal.dealId), (s) => s === OrderStatus.Expired, 90_000, `deal after ${step}`);
      await ticketClosed(world, deal.dealId);
    }
    await noSendPending(world);
    let adminPaid = 0n;
    for (const { step, deal, expired, unrecorded } of killed) {
      expect(await statusOf(world, deal.dealId), step).toBe(OrderStatus.Expired);
      await expectParties(world, deal, { seller: 2n * DEAL_AMOUNT, buyer: 0n, vault: 0n }, step);
      // one refund landed; the bytes that expired unsent were signed afresh
      expect(await dealSendStates(world, deal.dealId, 'admin_resolve'), step).toEqual(expired ? ['expired', 'landed'] : ['landed']);
      const { rows } = await world.db.query<{ state: string; result_status: number | null }>(
        "SELECT state, result_status FROM deal_transactions WHERE order_id = $1 AND kind = 'admin_resolve' ORDER BY created_at",
        [deal.dealId],
      );
      // a reservation whose send was never recorded failed (it could never land) and the job refunded afresh
      expect(rows.map((r) => r.state), step).toEqual(expired || unrecorded ? ['failed', 'confirmed'] : ['confirmed']);
      expect(rows.at(-1)?.result_status, step).toBe(OrderStatus.Expired);
      expect((await auditActions(world, deal.dealId)).map((a) => a.action), step).toEqual(['refund_expired_lock']);
      // the lock (two signatures), the refund and the ticket's close (one each); the offer's accounts stay open
      adminPaid += USER_TX_FEE + 2n * SIGNATURE_FEE + (await offerAccounts(world, deal.offerId)).rent;
    }
    expect(await adminSol(world)).toBe(adminBefore - adminPaid);
    expect(await treasuryUsdc(world)).toBe(treasuryBefore);
  });
});
