// Coin Jelly payouts and refunds killed (kill -9, by their fail-points) at each step of their sends (also
// after-claim: claimed, nothing signed) — recorded and signed but not sent, sent, confirmed, confirmed but not
// recorded — are finished exactly once by the next API process of the same deployment (same PostgreSQL, same
// standalone localnet): paid once, to the base unit. A refund whose recorded bytes expired unsent is signed and sent
// afresh.
import type { JellyOrder } from '@jelly/contracts';
import { PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { solToUsdc, type ChainHelpers } from '../../src/modules/coin-jelly/testing.ts';
import { until, type ApiProcess } from './api-process.ts';
import { expectFinishedOnce, freshChainHelpers, jellyCrashWorld, orderKilledAt, SOL, STEPS, type KilledOrder } from './coin-jelly-crash.ts';
import { jellyOrderOn, signInOver } from './crash-world.ts';

/** What alice's own deposit transaction costs her: one signature. */
const DEPOSIT_FEE = 5_000n;

const crash = jellyCrashWorld();
const killed: KilledOrder[] = [];

describe('a Coin Jelly payout killed mid-send', () => {
  for (const step of STEPS) {
    it(`dies at jelly_payout:${step}`, async () => {
      crash().world.showOutputOnFailure();
      // the watcher finds the deposit and pays: the fail-point kills the process at that step
      killed.push(await orderKilledAt(crash(), 'jelly_payout', step));
    });
  }

  it('is finished exactly once by the next processes: each recipient paid once to the base unit, deposits swept', async () => {
    crash().world.showOutputOnFailure();
    expect(killed.map((k) => k.step)).toEqual([...STEPS]);
    // the process of the refunds below finishes the payouts (its fail-points are on the refund's path only)
    const ended = await expectFinishedOnce(crash(), await startRefunds('before-record'), killed, 'jelly_payout');
    for (const [i, done] of ended.entries()) {
      expect(done.events.map((e) => e.kind), killed[i]?.step).not.toContain('payout_failed');
      expect(done.txID).toBe(done.events.find((e) => e.kind === 'payout')?.signature);
    }
  });
});

const refunds: { step: string; order: JellyOrder; headers: Record<string, string> }[] = [];
let refundApi: ApiProcess | undefined;

/** Starts a process armed at `jelly_refund:<step>` (it also recovers what the previous process left). */
async function startRefunds(step: string): Promise<ApiProcess> {
  refundApi = await crash().world.start(`jelly_refund:${step}`);
  return refundApi;
}

/** An order under-paid (0.5 SOL of 1), then refunded at the user's choice: the process dies on the refund's way. */
async function refundKilledAt(step: string, api: ApiProcess, h: ChainHelpers = crash().h): Promise<void> {
  const { alice } = crash();
  const headers = await signInOver(api, alice);
  const reserved = await fetch(`${api.url}/api/coin-jelly/orders`, { method: 'POST', headers, body: JSON.stringify(solToUsdc('1', alice.keypair.publicKey)) });
  const order = (await reserved.json()) as JellyOrder;
  await h.sendSol(order.companyWallet, SOL / 2n);
  await until(() => jellyOrderOn(api, headers, order.id), (o) => o.stage === 'needs_choice', 60_000, 'under-paid order');
  // The process dies while sending the refund. Whether the request hears an answer first depends on who claimed the
  // refund: the request itself (no answer ever comes) or the watcher's tick of the same process (the request finds
  // it claimed and answers, then the process dies) — either way one claim, one death at the fail-point.
  await fetch(`${api.url}/api/coin-jelly/orders/${order.id}/choice`, { method: 'POST', headers, body: JSON.stringify({ choice: 'refund' }) }).catch(() => undefined);
  expect(await api.exited).toBe('SIGKILL');
  refunds.push({ step, order, headers });
}

describe('a Coin Jelly refund killed mid-send', () => {
  let aliceBefore: bigint;

  it('dies at jelly_refund:before-record, then at jelly_refund:after-sign; the second one\'s bytes expire unsent', async () => {
    const { world, h, alice } = crash();
    world.showOutputOnFailure();
    aliceBefore = await h.lamports(alice.keypair.publicKey);
    await refundKilledAt('before-record', refundApi ?? (await startRefunds('before-record')));
    await refundKilledAt('after-sign', await startRefunds('after-sign'));
    world.expireBlockhashes();
  });

  it('dies at jelly_refund:after-claim: the refund claimed, nothing signed or recorded', async () => {
    const { world, alice } = crash();
    world.showOutputOnFailure();
    // this process first finishes the expired refund above, afresh (its fail-point is on the claim's path only)
    const api = await startRefunds('after-claim');
    // alice's deposit over a connection of its own: the helpers' connection cached a blockhash that expired above
    await refundKilledAt('after-claim', api, freshChainHelpers(world, alice.keypair));
    const [row] = (await world.db.query<{ stage: string }>('SELECT stage FROM jelly_orders WHERE id = $1', [refunds.at(-1)?.order.id])).rows;
    expect(row?.stage).toBe('refund_sending');
    const sends = await world.db.query('SELECT 1 FROM platform_sends WHERE owner_ref = $1', [String(refunds.at(-1)?.order.id)]);
    expect(sends.rows).toEqual([]);
  });

  it('is finished exactly once by the next process: landed → recorded, expired → sent afresh, claimed → resumed; refunded to the base unit', async () => {
    const { world, h, alice } = crash();
    world.showOutputOnFailure();
    const api = await world.start();
    for (const { step, order } of refunds) {
      const headers = await signInOver(api, alice);
      const done = await until(() => jellyOrderOn(api, headers, order.id), (o) => o.stage === 'refunded', 90_000, `refund after ${step}`);
      expect(done.events.filter((e) => e.kind === 'refund'), step).toHaveLength(1);
      expect(done.events.map((e) => e.kind), step).not.toContain('refund_failed');
      expect(await h.lamports(new PublicKey(order.companyWallet)), step).toBe(0n);
    }
    // alice sent 0.5 SOL three times (paying her own fees) and got exactly 0.5 SOL back each time (the admin paid the
    // refunds' fees)
    expect(refunds.map((r) => r.step)).toEqual(['before-record', 'after-sign', 'after-claim']);
    expect(await h.lamports(alice.keypair.publicKey)).toBe(aliceBefore - 3n * DEPOSIT_FEE);
    const sends = await world.db.query<{ owner_ref: string; state: string }>(`SELECT owner_ref, state FROM platform_sends WHERE kind = 'jelly_refund' ORDER BY created_at`);
    const [first, second, third] = refunds;
    expect(sends.rows.filter((r) => r.owner_ref === String(first?.order.id)).map((r) => r.state)).toEqual(['landed']);
    // the after-sign refund: its first bytes never left and expired; a fresh send landed
    expect(sends.rows.filter((r) => r.owner_ref === String(second?.order.id)).map((r) => r.state)).toEqual(['expired', 'landed']);
    // the after-claim refund: the stale claim resumed, signed once
    expect(sends.rows.filter((r) => r.owner_ref === String(third?.order.id)).map((r) => r.state)).toEqual(['landed']);
  });
});
