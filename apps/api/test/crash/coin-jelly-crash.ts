// What the Coin Jelly crash files share: a world with alice funded, the desk's balances before, an order whose
// deposit makes the process die at a fail-point of its payout or sweep, and the checks that each such order was then
// finished exactly once (paid once, swept once, one landed send of its kind, nothing pending, the desk to the lamport).
import type { JellyOrder } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { chainHelpers, solToUsdc, type ChainHelpers } from '../../src/modules/coin-jelly/testing.ts';
import { until, type ApiProcess } from './api-process.ts';
import type { ChainWallet } from '../helpers/test-chain.ts';
import { createChainWallet, createCrashWorld, jellyOrderOn, signInOver, type CrashWorld } from './crash-world.ts';

export const SOL = 10n ** 9n;
// before-record first: each next process recovers the previous order on paths its own fail-point does not cross.
// after-claim: the order claimed (settling; for a sweep, completed) and nothing signed or recorded: the next
// process's send recovery resumes the stale claim and signs afresh.
export const STEPS = ['before-record', 'after-sign', 'after-send', 'after-confirm', 'after-claim'] as const;

export interface KilledOrder {
  step: string;
  order: JellyOrder;
  recipient: PublicKey;
}

export interface JellyCrash {
  world: CrashWorld;
  h: ChainHelpers;
  alice: ReturnType<typeof createChainWallet>;
  deskUsdcBefore: bigint;
  deskSolBefore: bigint;
}

/** Registers the file's world (alice holds 50 SOL) and returns it once built, for the file's tests. */
export function jellyCrashWorld(): () => JellyCrash {
  let crash: JellyCrash | undefined;
  const alice = createChainWallet();
  beforeAll(async () => {
    const world = await createCrashWorld();
    await world.localnet.faucet(alice.keypair.publicKey, { sol: 50n * SOL, usdc: 0n, usdt: 0n });
    const h = chainHelpers(world.chain, alice.keypair);
    crash = { world, h, alice, deskUsdcBefore: await h.usdcOf(world.desk.publicKey), deskSolBefore: await h.lamports(world.desk.publicKey) };
  });
  afterAll(async () => {
    await crash?.world.close();
  });
  return () => {
    if (!crash) throw new Error('the crash world is built in beforeAll');
    return crash;
  };
}

/** Chain helpers over a connection of their own: the shared connection's cached blockhash dies with expireBlockhashes. */
export function freshChainHelpers(world: CrashWorld, payer: Keypair): ChainHelpers {
  return chainHelpers({ ...world.chain, connection: new Connection(world.localnet.rpcUrl, { commitment: 'confirmed', wsEndpoint: world.localnet.wsUrl }) }, payer);
}

/** A 1 SOL → USDC order to a fresh recipient, reserved through `api` and deposited in full: the watcher pays it. */
export async function depositedOrder(api: ApiProcess, h: ChainHelpers, alice: ChainWallet): Promise<{ order: JellyOrder; recipient: PublicKey }> {
  const headers = await signInOver(api, alice);
  const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);
  const reserved = await fetch(`${api.url}/api/coin-jelly/orders`, { method: 'POST', headers, body: JSON.stringify(solToUsdc('1', recipient)) });
  if (reserved.status !== 200) throw new Error(`reserve: ${reserved.status} ${await reserved.text()}`);
  const order = (await reserved.json()) as JellyOrder;
  await h.sendSol(order.companyWallet, SOL);
  return { order, recipient };
}

/** A process armed at `failPoint:step`, a 1 SOL → USDC order deposited in full: the watcher's send kills it. */
export async function orderKilledAt({ world, h, alice }: JellyCrash, failPoint: 'jelly_payout' | 'jelly_sweep', step: string): Promise<KilledOrder> {
  const api = await world.start(`${failPoint}:${step}`);
  const { order, recipient } = await depositedOrder(api, h, alice);
  expect(await api.exited).toBe('SIGKILL');
  return { step, order, recipient };
}

/**
 * Each killed order, on `api`, completed with one payout and one sweep, its recipient paid to the base unit and its
 * deposit emptied; the desk paid each payout once and got each deposit once (the admin paid every fee); one landed
 * send of `kind` per order and none pending. Returns the orders as they ended.
 */
export async function expectFinishedOnce(
  { world, h, alice, deskUsdcBefore, deskSolBefore }: JellyCrash,
  api: ApiProcess,
  killed: readonly KilledOrder[],
  kind: 'jelly_payout' | 'jelly_sweep',
): Promise<JellyOrder[]> {
  const headers = await signInOver(api, alice);
  const ended: JellyOrder[] = [];
  for (const { step, order, recipient } of killed) {
    const done = await until(() => jellyOrderOn(api, headers, order.id), (o) => o.stage === 'completed' && o.events.some((e) => e.kind === 'sweep'), 90_000, `order after ${step}`);
    const kinds = done.events.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'payout'), step).toHaveLength(1);
    expect(kinds.filter((k) => k === 'sweep'), step).toHaveLength(1);
    expect(await h.usdcOf(recipient), step).toBe(toBaseUnits(order.amountUserWannaGet, 6));
    expect(await h.lamports(new PublicKey(order.companyWallet)), step).toBe(0n);
    ended.push(done);
  }
  const paid = killed.reduce((sum, k) => sum + toBaseUnits(k.order.amountUserWannaGet, 6), 0n);
  expect(await h.usdcOf(world.desk.publicKey)).toBe(deskUsdcBefore - paid);
  expect(await h.lamports(world.desk.publicKey)).toBe(deskSolBefore + BigInt(killed.length) * SOL);
  const sends = await world.db.query<{ owner_ref: string; state: string }>(`SELECT owner_ref, state FROM platform_sends WHERE kind = $1`, [kind]);
  for (const { order } of killed) {
    expect(sends.rows.filter((r) => r.owner_ref === String(order.id) && r.state === 'landed')).toHaveLength(1);
  }
  expect(sends.rows.filter((r) => r.state === 'pending')).toEqual([]);
  return ended;
}
