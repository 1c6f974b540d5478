// The rent reclamation's close of a finished deal's ticket (close_ticket: the rent the admin paid at the lock comes
// back to the admin), killed (kill -9, by its fail-points) at each step of its send, is finished exactly once by the
// next API process of the same deployment: the ticket gone, its queue row done with the landed close's signature
// and the rent it gave back, the admin's ledger and SOL to the lamport, the deal's tokens where the deal put them.
import { OrderStatus, settlementPayout } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAndRelease } from '../cluster/deal-steps.ts';
import { escrowConfig } from '../helpers/deal-fixtures.ts';
import {
  adminSol,
  DEAL_AMOUNT,
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

const STEPS = ['after-sign', 'after-send', 'after-confirm', 'before-record'] as const;

let world: CrashWorld;
const killed: { step: string; deal: CrashDeal }[] = [];
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
 * Starts a process armed at `close_ticket:<step>`; once it has finished what the previous process left, a deal is
 * locked, paid and released (Completed): the rent reclamation's close of its ticket kills the process.
 */
async function closeKilledAt(step: string): Promise<CrashDeal> {
  const api = await world.start(`close_ticket:${step}`);
  await noSendPending(world);
  const previous = killed.at(-1);
  if (previous) await ticketClosed(world, previous.deal.dealId);
  const deal = await lockedDeal(world, { buyerAccount: true });
  await payAndRelease(world.t, deal.seller, deal.buyer, deal.dealId);
  expect(await api.exited).toBe('SIGKILL');
  return deal;
}

describe("the rent close of a finished deal's ticket, killed mid-send", () => {
  for (const step of STEPS) {
    it(`dies at close_ticket:${step}; the next process finishes it`, async () => {
      world.showOutputOnFailure();
      killed.push({ step, deal: await closeKilledAt(step) });
    });
  }

  it('each ticket closed once: its rent back with the admin once, booked once, to the lamport', async () => {
    world.showOutputOnFailure();
    await world.start();
    for (const { deal } of killed) await ticketClosed(world, deal.dealId);
    await noSendPending(world);
    const { feeBps } = await escrowConfig(world.t);
    const { fee, toFiatSide } = settlementPayout(DEAL_AMOUNT, feeBps);
    let adminPaid = 0n;
    for (const { step, deal } of killed) {
      expect(await statusOf(world, deal.dealId), step).toBe(OrderStatus.Completed);
      await expectParties(world, deal, { seller: DEAL_AMOUNT, buyer: toFiatSide, vault: 0n }, step);
      expect(await world.chain.connection.getAccountInfo(deal.ticket), `${step}: ticket account`).toBeNull();
      const { rows: reclaims } = await world.db.query<{ id: string; state: string; signature: string; lamports: string }>(
        "SELECT id, state, signature, lamports_reclaimed AS lamports FROM rent_reclaims WHERE kind = 'ticket' AND order_id = $1",
        [deal.dealId],
      );
      expect(reclaims.map((r) => [r.state, BigInt(r.lamports)]), step).toEqual([['done', deal.ticketRent]]);
      const { rows: sends } = await world.db.query<{ signature: string; state: string }>(
        "SELECT signature, state FROM platform_sends WHERE kind = 'close_ticket' AND owner_ref = $1",
        [reclaims[0]?.id],
      );
      expect(sends.map((s) => s.state), step).toEqual(['landed']);
      expect(reclaims[0]?.signature, step).toBe(sends[0]?.signature);
      // the admin's ledger: the close's fee, and the ticket's rent back (negative rent), once
      const { rows: spend } = await world.db.query<{ fee: string; rent: string }>(
        "SELECT fee_lamports AS fee, rent_lamports AS rent FROM admin_spend WHERE kind = 'close_ticket' AND order_id = $1",
        [deal.dealId],
      );
      expect(spend.map((r) => [BigInt(r.fee), BigInt(r.rent)]), step).toEqual([[SIGNATURE_FEE, -deal.ticketRent]]);
      // the lock, the buyer's payment and the seller's release (two signatures each) and the close (one); the
      // ticket's rent came back, the offer's accounts stay open (half of it is still on offer)
      adminPaid += 3n * USER_TX_FEE + SIGNATURE_FEE + (await offerAccounts(world, deal.offerId)).rent;
    }
    expect(await adminSol(world)).toBe(adminBefore - adminPaid);
    expect(await treasuryUsdc(world)).toBe(treasuryBefore + BigInt(killed.length) * fee);
  });
});
