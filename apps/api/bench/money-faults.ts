/**
 * `npm run bench:faults -w @jelly/api` (under scripts/with-postgres.sh): what a fault does to money waiting on three
 * API processes of one deployment (one PostgreSQL, one standalone localnet, the crash tests' world), measured:
 * for each fault, one Coin Jelly payout (1 SOL → USDC) caught in it, then the time from the fault to paid (or to the
 * admins' queue), and whether anything was left stuck and unseen (not paid, not in the admins' queue). Faults:
 *  - every replica killed (kill -9) at each step of the payout, from its claim to its record; three fresh ones started;
 *  - PostgreSQL stopped for 3.5 s while the claimed payout waits in the gate (pg_ctl stop -m fast, then start);
 *  - the node holding every send, every replica killed, the held sends dropped and their blockhash dead.
 * The send recovery runs at its production settings (SEND_RECOVERY_SECONDS 10, SEND_STALE_SECONDS 75) unless
 * `--fast` (1 s each); `--only=` picks faults (kill:<step>, db-restart, held-sends; bench:smoke runs one). Figures
 * are times on this machine; the bench judges only "stuck and unseen: 0".
 */
import { execSync } from 'node:child_process';
import type { JellyOrder } from '@jelly/contracts';
import pg from 'pg';
import { loadLine, numberFlag, parseFlags, runBench, TARGET_MISSED_EXIT } from '@jelly/bench-kit';
import { startRpcFaultProxy } from '../src/chain/testing/rpc-fault-proxy.ts';
import { until, type ApiProcess } from '../test/crash/api-process.ts';
import { depositedOrder, freshChainHelpers, STEPS } from '../test/crash/coin-jelly-crash.ts';
import { createChainWallet, createCrashWorld, jellyOrderOn, signInOver, type CrashWorld } from '../test/crash/crash-world.ts';

const SOL = 10n ** 9n;
const REPLICAS = 3;
const flags = parseFlags();
const fast = flags.has('fast');
const only = flags.get('only')?.split(',');
const runs = (fault: string) => !only || only.includes(fault);
const STEPS_RUN = STEPS.filter((step) => runs(`kill:${step}`));
const limitS = numberFlag(flags, 'limit', fast ? 60 : 300);
const recovery = fast ? { SEND_RECOVERY_SECONDS: '1', SEND_STALE_SECONDS: '1' } : { SEND_RECOVERY_SECONDS: '10', SEND_STALE_SECONDS: '75' };
const pgCtl = process.env.PGTEST_PG_CTL;
if (!process.env.DATABASE_URL || !pgCtl) throw new Error('run it with scripts/with-postgres.sh (it needs DATABASE_URL and PGTEST_PG_CTL)');

interface Outcome {
  fault: string;
  /** Seconds from the fault's end (the fresh replicas starting, the database back) to the order paid and swept. */
  toPaidS: number | null;
  /** Seconds to the admins' queue when it was not paid. */
  toAdminS: number | null;
}

let world: CrashWorld;
/** The bench's own reader of the deployment's database (opened again after the database restart). */
let reader: pg.Client;
const alice = createChainWallet();
const live: ApiProcess[] = [];
const outcomes: Outcome[] = [];

async function startReplicas(failpoint?: string, env: Record<string, string> = {}): Promise<void> {
  for (let i = 0; i < REPLICAS; i++) live.push(await world.start(failpoint, { ...recovery, ...env }));
}

async function killAll(): Promise<void> {
  for (const api of live.splice(0)) await api.kill();
}

const orderRow = async (id: number) =>
  (await reader.query<{ stage: string; admin_since: Date | null }>('SELECT stage, admin_since FROM jelly_orders WHERE id = $1', [id])).rows[0];

/** From now: paid and swept, or in the admins' queue, or neither within the limit (stuck and unseen). */
async function outcomeOf(fault: string, order: JellyOrder): Promise<Outcome> {
  const from = Date.now();
  const api = live[0];
  if (!api) throw new Error('no replica running');
  const headers = await signInOver(api, alice);
  const seconds = () => Math.round((Date.now() - from) / 100) / 10;
  const ended = await until(
    async () => ({ order: await jellyOrderOn(api, headers, order.id), row: await orderRow(order.id) }),
    ({ order: o, row }) => (o.stage === 'completed' && o.events.some((e) => e.kind === 'sweep')) || row?.admin_since != null,
    limitS * 1000,
    fault,
  ).catch(() => null);
  const paid = ended?.order.stage === 'completed';
  const outcome = { fault, toPaidS: paid ? seconds() : null, toAdminS: !paid && ended ? seconds() : null };
  console.log(`[bench] ${fault}: ${paid ? `paid in ${outcome.toPaidS} s` : ended ? `in the admins' queue in ${outcome.toAdminS} s` : `STUCK AND UNSEEN after ${limitS} s`}`);
  return outcome;
}

async function main(): Promise<void> {
  world = await createCrashWorld();
  const { host, port, user, database } = world.db;
  const connectReader = async () => {
    reader = new pg.Client({ host, port, user, database });
    reader.on('error', () => undefined);
    await reader.connect();
  };
  // the crash world's own client dies with the database restart below; the bench reads through its own
  world.db.on('error', () => undefined);
  await connectReader();
  await world.localnet.faucet(alice.keypair.publicKey, { sol: 100n * SOL });
  try {
    // 1. Every replica killed at each step of the payout (the claimer dies at its fail-point, the others with it).
    for (const step of STEPS_RUN) {
      await startReplicas(`jelly_payout:${step}`);
      const { order } = await depositedOrder(live[0] as ApiProcess, freshChainHelpers(world, alice.keypair), alice);
      await Promise.race(live.map((api) => api.exited));
      await killAll();
      await startReplicas();
      outcomes.push(await outcomeOf(`kill -9 of every replica at jelly_payout:${step}`, order));
      await killAll();
    }

    // 2. PostgreSQL down for 3.5 s while the claimed payout waits in the gate (a lock on its table holds it there).
    if (runs('db-restart')) {
      await startReplicas();
      const locker = new pg.Client({ host, port, user, database });
      locker.on('error', () => undefined);
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE platform_sends IN ACCESS EXCLUSIVE MODE');
      const { order } = await depositedOrder(live[0] as ApiProcess, freshChainHelpers(world, alice.keypair), alice);
      await until(async () => (await orderRow(order.id))?.stage, (stage) => stage === 'settling', 60_000, 'the payout claimed');
      // the payout is claimed; a moment for it to reach the gate, which waits for the lock
      await new Promise((resolve) => setTimeout(resolve, 500));
      execSync(`${pgCtl} -w stop -m fast`, { stdio: 'ignore' });
      await new Promise((resolve) => setTimeout(resolve, 3500));
      execSync(`${pgCtl} -w start`, { stdio: 'ignore' });
      await connectReader();
      outcomes.push(await outcomeOf('PostgreSQL stopped 3.5 s between the claim and the send', order));
      await killAll();
    }

    // 3. The node holds every send; every replica killed; the held sends dropped (never forwarded), their blockhash dead.
    if (runs('held-sends')) {
      const proxy = await startRpcFaultProxy({ rpcUrl: world.localnet.rpcUrl, wsUrl: world.localnet.wsUrl });
      await startReplicas(undefined, { SOLANA_RPC_URL: proxy.rpcUrl, SOLANA_WS_URL: proxy.wsUrl });
      proxy.add({ methods: ['sendTransaction'], action: { kind: 'hang' } });
      const { order } = await depositedOrder(live[0] as ApiProcess, freshChainHelpers(world, alice.keypair), alice);
      await proxy.reached('sendTransaction', 'hang', 1);
      await killAll();
      proxy.clear();
      world.expireBlockhashes();
      await proxy.close();
      await startReplicas();
      outcomes.push(await outcomeOf('sends held, every replica killed, the sends dropped', order));
      await killAll();
    }

    const stuck = outcomes.filter((o) => o.toPaidS === null && o.toAdminS === null).length;
    console.log(`[bench] recovery settings: SEND_RECOVERY_SECONDS ${recovery.SEND_RECOVERY_SECONDS}, SEND_STALE_SECONDS ${recovery.SEND_STALE_SECONDS}`);
    console.log(`[bench] faults ${outcomes.length}, paid ${outcomes.filter((o) => o.toPaidS !== null).length}, to the admins ${outcomes.filter((o) => o.toAdminS !== null).length}, stuck and unseen ${stuck} (target 0)`);
    console.log(loadLine());
    if (stuck > 0) process.exitCode = TARGET_MISSED_EXIT;
  } finally {
    await killAll();
    await reader.end().catch(() => undefined);
    await world.close().catch(() => undefined);
  }
}

await runBench({ name: 'bench:faults', limitS: fast ? 600 : 3600 }, main);
