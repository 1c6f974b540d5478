// A Coin Jelly payout whose database connections all drop between the claim and the gate's record (what a
// PostgreSQL restart does to a live process): the order is left claimed (settling), neither marked failed for an
// admin nor stranded, and once the database answers again the send recovery resumes the stale claim: paid once, to
// the base unit, swept once, with the same process still running.
import type { JellyOrder } from '@jelly/contracts';
import { Keypair } from '@solana/web3.js';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { solToUsdc } from '../../src/modules/coin-jelly/testing.ts';
import { until } from './api-process.ts';
import { expectFinishedOnce, jellyCrashWorld, SOL } from './coin-jelly-crash.ts';
import { signInOver } from './crash-world.ts';

const crash = jellyCrashWorld();

/** Whether the gate's one-live-send check (chain/gate/send-record.ts) waits for the test's lock on platform_sends. */
async function gateWaits(db: pg.Client): Promise<boolean> {
  const { rows } = await db.query<{ waiting: number }>(
    "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT signature FROM platform_sends WHERE kind =%'",
  );
  return (rows[0]?.waiting ?? 0) > 0;
}

const pidOf = async (client: pg.Client) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;

describe('a Coin Jelly payout whose database connections drop between the claim and the send', () => {
  it('is left claimed, then resumed and paid once when the database answers again', async () => {
    const { world, h, alice } = crash();
    world.showOutputOnFailure();
    const api = await world.start();
    const headers = await signInOver(api, alice);
    const recipient = await h.openUsdcAccount(Keypair.generate().publicKey);

    // Holds the gate's table: the payout, once claimed, waits inside the gate's database transaction.
    const { host, port, user, database } = world.db;
    const locker = new pg.Client({ host, port, user, database });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE platform_sends IN ACCESS EXCLUSIVE MODE');

    const reserved = await fetch(`${api.url}/api/coin-jelly/orders`, { method: 'POST', headers, body: JSON.stringify(solToUsdc('1', recipient)) });
    expect(reserved.status).toBe(200);
    const order = (await reserved.json()) as JellyOrder;
    await h.sendSol(order.companyWallet, SOL);
    const stageOf = async () => (await world.db.query<{ stage: string }>('SELECT stage FROM jelly_orders WHERE id = $1', [order.id])).rows[0]?.stage;
    await until(stageOf, (stage) => stage === 'settling', 60_000, 'the payout claimed');
    await until(() => gateWaits(world.db), Boolean, 60_000, "the payout's gate waiting");

    // Every connection of the API process is dropped, as a database restart drops them.
    const keep = [await pidOf(world.db), await pidOf(locker)];
    const { rows: dropped } = await world.db.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> ALL($1::int[]) AND pg_terminate_backend(pid)',
      [keep],
    );
    expect(dropped.length).toBeGreaterThan(0);
    await locker.query('COMMIT');
    await locker.end();

    // paid by the send recovery's resumption of the stale claim (a payout marked failed would wait for an admin)
    const [done] = await expectFinishedOnce(crash(), api, [{ step: 'connections dropped', order, recipient }], 'jelly_payout');
    expect(done?.events.map((e) => e.kind)).not.toContain('payout_failed');
    const [row] = (await world.db.query<{ admin_since: Date | null }>('SELECT admin_since FROM jelly_orders WHERE id = $1', [order.id])).rows;
    expect(row?.admin_since).toBeNull();
    // the dropped connection reached the payout after its claim, and left it to the recovery
    expect(api.output()).toContain('coin jelly: payout not sent; the send recovery resumes it');
    // the same process did it all: nothing was killed
    const alive = await Promise.race([api.exited.then(() => false), Promise.resolve(true)]);
    expect(alive).toBe(true);
  });
});
