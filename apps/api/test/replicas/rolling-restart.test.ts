// A rolling deploy behind HAProxy (readiness checked every 2 s, fall 3): each replica in turn gets SIGTERM, drains
// (its readiness answers 503 while it still serves), exits and starts again, while clients keep making requests
// through the balancer at 10 a second each. No request may fail, every replica must exit 0 within its drain + 5 s,
// and a lock sent to the replica that is told to stop completes.
import { OrderStatus } from '@jelly/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, inject, it } from 'vitest';
import { REPLICA_NAMES, type ReplicaName, type Restarted } from '../cluster/cluster.ts';
import { useCluster } from '../cluster/cluster-test-app.ts';
import { until } from '../cluster/processes.ts';
import { REPLICA_HEADER } from '../cluster/haproxy.ts';
import { claim, getOrder, lockInstruction, offer, submit, trader, userTransaction } from '../helpers/deal-fixtures.ts';
import { httpInject } from '../helpers/http-inject.ts';

const c = useCluster();
// 10 clients at 10 a second: over 5,000 requests across the three restarts on a quiet machine
const CLIENTS = 10;
const EVERY_MS = 100;
const DRAIN_MS = 8_000;

/** One client: a request through the balancer every 100 ms until told to stop; what failed, by status or error. */
async function client(url: string, running: () => boolean, tally: { ok: number; failed: string[] }): Promise<void> {
  while (running()) {
    const started = Date.now();
    try {
      const response = await fetch(`${url}/api/platform/all-new-offers-unath`, { signal: AbortSignal.timeout(30_000) });
      await response.body?.cancel();
      if (response.status === 200) tally.ok += 1;
      else tally.failed.push(`${response.status} from ${response.headers.get(REPLICA_HEADER) ?? 'the balancer'}`);
    } catch (error) {
      tally.failed.push(error instanceof Error ? error.message : String(error));
    }
    await new Promise((next) => setTimeout(next, Math.max(0, EVERY_MS - (Date.now() - started))));
  }
}

async function restart(name: ReplicaName): Promise<Restarted> {
  const response = await fetch(`${inject('cluster').control}/restart/${name}`, { method: 'POST', signal: AbortSignal.timeout(240_000) });
  if (response.status !== 200) throw new Error(`restart ${name}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Restarted;
}

/** Back in the balancer's rotation: a request through it answered by `name`. */
async function backInRotation(name: ReplicaName): Promise<void> {
  await until(
    `${name} back behind the balancer`,
    async () => ((await fetch(`${c.info.url}/api/health`)).headers.get(REPLICA_HEADER) === name ? true : undefined),
    60_000,
    50,
  );
}

describe('a rolling restart of the three replicas behind HAProxy', () => {
  it('loses no request, every replica exits 0 within its drain + 5 s, and a lock in flight completes', async () => {
    const { t } = c;
    const seller = await trader(t, { usdc: 20_000_000n });
    const buyer = await trader(t);
    const dealId = await claim(t, buyer, await offer(t, seller, 0, 20_000_000n), 10_000_000n);
    const forLock = await getOrder(t.app, seller, dealId);
    const lockTx = await userTransaction(t, seller.keypair, [lockInstruction(t, forLock, seller.key)]);

    const tally = { ok: 0, failed: [] as string[] };
    let running = true;
    const clients = Array.from({ length: CLIENTS }, () => client(c.info.url, () => running, tally));
    const restarts: (Restarted & { name: ReplicaName })[] = [];
    try {
      for (const name of REPLICA_NAMES) {
        // The first replica to stop gets a lock just before its SIGTERM, sent to it directly (not through the balancer).
        const direct = { ...t, app: { inject: (o: Parameters<typeof httpInject>[1]) => httpInject(c.replicaUrl(name), o) } as unknown as FastifyInstance };
        const lock = name === REPLICA_NAMES[0] ? submit(direct, seller, lockTx) : null;
        restarts.push({ name, ...(await restart(name)) });
        if (lock) expect((await lock).status).toBe(OrderStatus.CryptoGuyLockedCrypto);
        await backInRotation(name);
      }
    } finally {
      running = false;
      await Promise.all(clients);
    }
    process.stdout.write(
      `rolling restart: ${tally.ok + tally.failed.length} requests, ${tally.failed.length} failed; ` +
        `${restarts.map((r) => `${r.name} ${r.exit} ${r.stopMs} ms after SIGTERM`).join(', ')}\n`,
    );
    expect(tally.failed).toEqual([]);
    expect(tally.ok).toBeGreaterThan(1_000);
    for (const r of restarts) {
      expect(r.exit).toBe('exited with code 0');
      expect(r.stopMs).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(r.stopMs).toBeLessThanOrEqual(DRAIN_MS + 5_000);
    }
    expect((await getOrder(t.app, seller, dealId)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);
    // three drains, closes and starts: over a minute on a quiet machine, several on a loaded one
  }, 600_000);
});
