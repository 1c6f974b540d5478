// A Coin Jelly sweep (a completed order's deposit emptied into the desk's treasury) killed (kill -9, by its
// fail-points) at each step of its send — signed but not sent, sent, confirmed, confirmed but not recorded — is
// finished exactly once by the next API process of the same deployment: the user paid once, the deposit swept once,
// the desk's SOL up by each deposit to the lamport, one landed sweep per order and nothing left pending.
import type { JellyOrder } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainHelpers, solToUsdc, type ChainHelpers } from '../../src/modules/coin-jelly/testing.ts';
import { until } from './api-process.ts';
import { createChainWallet, createCrashWorld, jellyOrderOn, signInOver, type CrashWorld } from './crash-world.ts';

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



describe('a Coin Jelly sweep killed mid-send', () => {
  for (const step of STEPS) {
    it(`dies at jelly_sweep:${step}`, async () => {
      world.showOutputOnFailure();
      const api = await world.start(`jelly_sweep:${step}`);
      const headers = await signInOver(api, alice);
      const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
      const reserved = await fetch(`${api.url}/api/coin-jelly/orders`, { method: 'POST', headers, body: JSON.stringify(solToUsdc('1', recipient)) });
      expect(reserved.status).toBe(200);
      const order = (await reserved.json()) as JellyOrder;
      await h.sendSol(order.companyWallet, SOL);
      // the watcher finds the deposit, pays the user, then sweeps: the fail-point kills the process on the sweep's way
      expect(await api.exited).toBe('SIGKILL');
      killed.push({ step, order, recipient });
    });
  }

  it('is finished exactly once by the next process: each user paid once, each deposit swept once, to the lamport', async () => {
    world.showOutputOnFailure();
    expect(killed.map((k) => k.step)).toEqual([...STEPS]);
    const api = await world.start();
    const headers = await signInOver(api, alice);
    for (const { step, order, recipient } of killed) {
      const done = await until(() => jellyOrderOn(api, headers, order.id), (o) => o.stage === 'completed' && o.events.some((e) => e.kind === 'sweep'), 90_000, `order after ${step}`);
      const kinds = done.events.map((e) => e.kind);
      expect(kinds.filter((k) => k === 'payout'), step).toHaveLength(1);
      expect(kinds.filter((k) => k === 'sweep'), step).toHaveLength(1);
      expect(await h.usdcOf(recipient), step).toBe(toBaseUnits(order.amountUserWannaGet, 6));
      expect(await h.lamports(new PublicKey(order.companyWallet)), step).toBe(0n);
    }
    const paid = killed.reduce((sum, k) => sum + toBaseUnits(k.order.amountUserWannaGet, 6), 0n);
    expect(await h.usdcOf(world.desk.publicKey)).toBe(deskUsdcBefore - paid);
    // each deposit reached the desk once (the admin paid every fee)
    expect(await h.lamports(world.desk.publicKey)).toBe(deskSolBefore + BigInt(killed.length) * SOL);
    const sends = await world.db.query<{ owner_ref: string; state: string }>(`SELECT owner_ref, state FROM platform_sends WHERE kind = 'jelly_sweep'`);
    for (const { order } of killed) {
      expect(sends.rows.filter((r) => r.owner_ref === String(order.id) && r.state === 'landed')).toHaveLength(1);
    }
    expect(sends.rows.filter((r) => r.state === 'pending')).toEqual([]);
  });
});
