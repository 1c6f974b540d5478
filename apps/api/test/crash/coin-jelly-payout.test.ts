// A Coin Jelly payout killed (kill -9, by its fail-point) at each step of its send — recorded and signed but not
// sent, sent, confirmed, confirmed but not recorded — is finished exactly once by the next API process of the same
// deployment (same PostgreSQL, same standalone localnet): the recipient is paid once, to the base unit.
import type { JellyOrder } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainHelpers, solToUsdc, type ChainHelpers } from '../../src/modules/coin-jelly/testing.ts';
import { until, type ApiProcess } from './api-process.ts';
import { createChainWallet, createCrashWorld, signInOver, type CrashWorld } from './crash-world.ts';

const SOL = 10n ** 9n;
// before-record first: each next process recovers the previous order on paths its own fail-point does not cross
const STEPS = ['before-record', 'after-sign', 'after-send', 'after-confirm'] as const;

let world: CrashWorld;
let h: ChainHelpers;
const alice = createChainWallet();
const killed: { step: string; order: JellyOrder; recipient: PublicKey }[] = [];
let deskUsdcBefore: bigint;
let deskSolBefore: bigint;

beforeAll(async () => {
  world = await createCrashWorld();
  await world.localnet.faucet(alice.keypair.publicKey, { sol: 50n * SOL, usdc: 0n, usdt: 0n });
  h = chainHelpers(world.chain, alice.keypair);
  deskUsdcBefore = await h.usdcOf(world.desk.publicKey);
  deskSolBefore = await h.lamports(world.desk.publicKey);
});
afterAll(async () => {
  await world?.close();
});

async function orderOn(api: ApiProcess, headers: Record<string, string>, id: number): Promise<JellyOrder> {
  const response = await fetch(`${api.url}/api/coin-jelly/orders/${id}`, { headers });
  if (!response.ok) throw new Error(`order ${id}: ${response.status} ${await response.text()}`);
  return (await response.json()) as JellyOrder;
}

describe('a Coin Jelly payout killed mid-send', () => {
  for (const step of STEPS) {
    it(`dies at jelly_payout:${step}`, async () => {
      const api = await world.start(`jelly_payout:${step}`);
      const headers = await signInOver(api, alice);
      const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
      const reserved = await fetch(`${api.url}/api/coin-jelly/orders`, { method: 'POST', headers, body: JSON.stringify(solToUsdc('1', recipient)) });
      expect(reserved.status).toBe(200);
      const order = (await reserved.json()) as JellyOrder;
      await h.sendSol(order.companyWallet, SOL);
      // the watcher finds the deposit and pays: the fail-point kills the process at that step
      expect(await api.exited).toBe('SIGKILL');
      killed.push({ step, order, recipient });
    });
  }

  it('is finished exactly once by the next process: each recipient paid once to the base unit, deposits swept', async () => {
    expect(killed.map((k) => k.step)).toEqual([...STEPS]);
    const api = await world.start();
    const headers = await signInOver(api, alice);
    for (const { step, order, recipient } of killed) {
      const done = await until(() => orderOn(api, headers, order.id), (o) => o.stage === 'completed' && o.events.some((e) => e.kind === 'sweep'), 90_000, `order after ${step}`);
      const kinds = done.events.map((e) => e.kind);
      expect(kinds.filter((k) => k === 'payout'), step).toHaveLength(1);
      expect(kinds.filter((k) => k === 'sweep'), step).toHaveLength(1);
      expect(kinds, step).not.toContain('payout_failed');
      expect(done.txID).toBe(done.events.find((e) => e.kind === 'payout')?.signature);
      expect(await h.usdcOf(recipient), step).toBe(toBaseUnits(order.amountUserWannaGet, 6));
      expect(await h.lamports(new PublicKey(order.companyWallet)), step).toBe(0n);
    }
    const paid = killed.reduce((sum, k) => sum + toBaseUnits(k.order.amountUserWannaGet, 6), 0n);
    // the desk paid each payout once and received each deposit once (the admin paid every fee)
    expect(await h.usdcOf(world.desk.publicKey)).toBe(deskUsdcBefore - paid);
    expect(await h.lamports(world.desk.publicKey)).toBe(deskSolBefore + BigInt(killed.length) * SOL);
    // one landed payout send per order, none left pending
    const sends = await world.db.query<{ owner_ref: string; state: string }>(`SELECT owner_ref, state FROM platform_sends WHERE kind = 'jelly_payout'`);
    for (const { order } of killed) {
      expect(sends.rows.filter((r) => r.owner_ref === String(order.id) && r.state === 'landed')).toHaveLength(1);
    }
    expect(sends.rows.filter((r) => r.state === 'pending')).toEqual([]);
  });
});
