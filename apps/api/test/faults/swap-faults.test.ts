// A swap through a flaky RPC: slow answers, a rate-limited simulation and a send whose answer is lost still complete
// once with exactly the quoted amounts; a send dropped until its blockhash expires ends Failed with the reason, and
// nothing moved, so the user's way forward is a new quote.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOL, SWAP_NEVER_LANDED, USDT, quote, snapshot, submit, swapper, type Swapper } from '../../src/modules/swap/testing.ts';
import { SETUP_MS, TEST_MS, createFaultTestApp, type FaultTestApp } from './fault-app.ts';

// Each test waits out real retries (1 s attempt time-outs, Retry-After pauses): more than the default on a loaded machine.
vi.setConfig({ testTimeout: TEST_MS });

let t: FaultTestApp;
let alice: Swapper;

const owners = () => {
  if (!t.app.desk) throw new Error('no desk');
  return { alice: alice.key, desk: t.app.desk.key.publicKey, admin: t.chain.admin.publicKey };
};

async function feeOf(signature: string): Promise<bigint> {
  const tx = await t.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  if (!tx?.meta) throw new Error('transaction not found');
  return BigInt(tx.meta.fee);
}

beforeAll(async () => {
  t = await createFaultTestApp();
  alice = await swapper(t, { sol: 10_000_000n, usdt: 100_000_000n });
}, SETUP_MS);
afterEach(() => {
  t.proxy.reset();
  t.proxy.latencyMs = 0;
});
afterAll(async () => {
  await t?.close();
}, SETUP_MS);

describe('a swap through a flaky RPC', () => {
  it('slow answers, a 429 on the simulation and a lost send answer: Completed once, the quoted amounts exact', async () => {
    const q = await quote(t, alice, USDT, SOL, 25_000_000n);
    const before = await snapshot(t, owners());
    t.proxy.latencyMs = 100;
    t.proxy.add({ methods: ['simulateTransaction'], times: 1, action: { kind: 'status', status: 429, retryAfter: '0' } });
    t.proxy.add({ methods: ['sendTransaction'], times: 1, action: { kind: 'withhold' } });
    const result = await submit(t, alice, q);
    expect(result.swap).toMatchObject({ status: 1, inAmount: '25000000', outAmount: q.outAmount });
    expect(t.proxy.count('sendTransaction', 'withhold')).toBe(1);
    const fee = await feeOf(result.swap.txID as string);
    const out = BigInt(q.outAmount);
    expect(await snapshot(t, owners())).toEqual({
      ...before,
      'alice.USDT': (before['alice.USDT'] as bigint) - 25_000_000n,
      'alice.SOL': (before['alice.SOL'] as bigint) + out,
      'desk.USDT': (before['desk.USDT'] as bigint) + 25_000_000n,
      'desk.SOL': (before['desk.SOL'] as bigint) - out,
      'admin.SOL': (before['admin.SOL'] as bigint) - fee,
    });
  });

  it('a send dropped until its blockhash expires: Failed with the reason, no balance moved', async () => {
    const q = await quote(t, alice, USDT, SOL, 10_000_000n);
    const before = await snapshot(t, owners());
    t.proxy.add({ methods: ['sendTransaction'], action: { kind: 'swallow' } });
    const submitted = submit(t, alice, q);
    await t.proxy.reached('sendTransaction', 'swallow', 1);
    t.chain.produceBlocks(151);
    const result = await submitted;
    expect(result.swap).toMatchObject({ status: 2, failureReason: SWAP_NEVER_LANDED });
    expect(await snapshot(t, owners())).toEqual(before);
  });
});
