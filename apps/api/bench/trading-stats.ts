/**
 * npm run bench:stats -w @jelly/api
 *
 * The trader profile's cost for a busy trader, on the embedded PGlite (in memory, migrated like the app's): seeds one
 * wallet with 10,000 deals (as maker and as claimer; most completed, the rest cancelled, expired or open, over the
 * last 90 days) among 20,000 deals of other wallets, and 5,000 reviews of it. Every deal moves through its statuses
 * with UPDATEs, as the chain sync moves them, so the per-wallet counters are kept by the triggers as in production.
 * Then it times, in the same run and the same process:
 * - baseline: a trivial indexed lookup (one users row by primary key);
 * - stats: the endpoint's query path (tradingStats: counters, 30-day rows, volume, active offers);
 * - scan: what a per-request aggregation over the wallet's deals costs (for comparison only).
 * The baseline runs call by call between the others (same machine state). Prints p50/p99/max in milliseconds, and
 * each target's p50 and p99 as a multiple of the baseline's.
 *
 * Options: --deals=N (default 10000), --other-deals=N deals of other wallets (default 20000), --runs=N measured
 * calls per target (default 2000).
 */
import { randomBytes } from 'node:crypto';
import { loadLine, numberFlag, parseFlags, percentile, ratio, runBench, step } from '@jelly/bench-kit';
import bs58 from 'bs58';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/connect.ts';
import { queryRows } from '../src/db/rows.ts';
import { tradingStats } from '../src/modules/orders/trading-stats.ts';

const args = parseFlags();
const DEALS = numberFlag(args, 'deals', 10_000);
const RUNS = numberFlag(args, 'runs', 2_000);
const WARMUP = Math.min(200, RUNS);
const OTHER_DEALS = numberFlag(args, 'other-deals', 20_000);
/**
 * Limits that stop a seed or a timing loop that hangs, not a slow one: 2 minutes and a second per 100 deals for the
 * seed, 100 ms a call (a stats call takes about 10) for each timing loop.
 */
const SEED_LIMIT_S = 120 + (DEALS + OTHER_DEALS) / 100;
const TIMING_LIMIT_S = 60 + ((WARMUP + RUNS) * 2 * 100) / 1000;
const REVIEWS = Math.floor(DEALS / 2);
const log = (message: string) => console.log(`[bench] ${message}`);
const wallet = () => bs58.encode(randomBytes(32));

// Opened by the bench's main function, under its limits.
let db: Awaited<ReturnType<typeof openDatabase>>['db'];
const now = new Date();
const trader = wallet();
const peers = Array.from({ length: 200 }, wallet);

async function seed(): Promise<void> {
  const started = Date.now();
  await db.execute(sql`CREATE TEMP TABLE peer (i int PRIMARY KEY, w text NOT NULL)`);
  await db.execute(sql`INSERT INTO peer (i, w) VALUES ${sql.join(peers.map((w, i) => sql`(${i}, ${w})`), sql`, `)}`);
  await db.execute(sql`INSERT INTO users (wallet, created_at, last_sign_in_at) VALUES (${trader}, ${now}, ${now})`);
  // Offers: 20 by the trader (half Buy, half Sell), one per peer.
  await db.execute(sql`
    INSERT INTO orders (creator_wallet, token_mint, token_name, token_decimal, offer_side, status, price, amount, total_amount,
                        fiat_code, payment_window_minutes, created_at, updated_at)
    SELECT ${trader}, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USDC', 6, g % 2, 0, 1, 1000000000, 1000000000, 'EUR', 30,
           ${now}::timestamptz - interval '100 days', ${now}::timestamptz - interval '100 days'
    FROM generate_series(1, 20) g
    UNION ALL
    SELECT w, 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 'USDT', 6, i % 2, 0, 1, 1000000000, 1000000000, 'USD', 30,
           ${now}::timestamptz - interval '100 days', ${now}::timestamptz - interval '100 days'
    FROM peer`);
  // Deals, In Progress: the trader's half on its own offers (a peer claims), half claimed by the trader on peers'
  // offers; then the other wallets' deals among peers. Created at a spread over the last 90 days.
  await db.execute(sql`
    WITH mine AS (SELECT order_id, offer_side, row_number() OVER () AS k FROM orders WHERE creator_wallet = ${trader}),
         theirs AS (SELECT o.order_id, o.offer_side, o.creator_wallet, p.i FROM orders o JOIN peer p ON p.w = o.creator_wallet)
    INSERT INTO orders (parent_order_id, creator_wallet, acceptor_wallet, token_mint, token_name, token_decimal, offer_side,
                        status, price, amount, total_amount, fiat_code, payment_window_minutes, created_at, updated_at,
                        deal_start_time, payment_deadline)
    SELECT parent, creator, acceptor, mint, name, 6, side, 1, 1, 1000000 + g, 1000000 + g, fiat, 30, at, at, at,
           at + interval '30 minutes'
    FROM (
      SELECT g, m.order_id AS parent, ${trader} AS creator, (SELECT w FROM peer WHERE i = g % 200) AS acceptor,
             'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' AS mint, 'USDC' AS name, m.offer_side AS side, 'EUR' AS fiat,
             ${now}::timestamptz - (g % 90) * interval '1 day' - interval '2 hours' AS at
      FROM generate_series(1, ${DEALS / 2}::int) g JOIN mine m ON m.k = 1 + g % 20
      UNION ALL
      SELECT g, t.order_id, t.creator_wallet, ${trader}, 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 'USDT', t.offer_side,
             'USD', ${now}::timestamptz - (g % 90) * interval '1 day' - interval '2 hours'
      FROM generate_series(1, ${DEALS - DEALS / 2}::int) g JOIN theirs t ON t.i = g % 200
      UNION ALL
      SELECT g, t.order_id, t.creator_wallet, (SELECT w FROM peer WHERE i = (g + 1 + t.i) % 200 AND (g + 1 + t.i) % 200 <> t.i),
             'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 'USDT', t.offer_side, 'USD',
             ${now}::timestamptz - (g % 90) * interval '1 day' - interval '2 hours'
      FROM generate_series(1, ${OTHER_DEALS}::int) g JOIN theirs t ON t.i = g % 200
    ) AS d WHERE acceptor IS NOT NULL`);
  // The moves, each as its own UPDATE of status (the triggers keep the counters): 85 % completed through lock and
  // payment, 5 % cancelled, 5 % expired, the rest left open.
  const deals = sql`parent_order_id IS NOT NULL`;
  await db.execute(sql`UPDATE orders SET status = 8, locked_at = created_at + interval '5 minutes', updated_at = created_at + interval '5 minutes'
                       WHERE ${deals} AND order_id % 20 < 17`);
  await db.execute(sql`UPDATE orders SET status = 2, updated_at = locked_at + (order_id % 600) * interval '1 second'
                       WHERE ${deals} AND status = 8`);
  await db.execute(sql`UPDATE orders SET status = 3, filled_quantity = amount, updated_at = updated_at + interval '3 minutes'
                       WHERE ${deals} AND status = 2`);
  await db.execute(sql`UPDATE orders SET status = 4, updated_at = created_at + interval '10 minutes' WHERE ${deals} AND order_id % 20 = 17`);
  await db.execute(sql`UPDATE orders SET status = 7, updated_at = created_at + interval '30 minutes' WHERE ${deals} AND order_id % 20 = 18`);
  await db.execute(sql`
    INSERT INTO reviews (id, deal_id, from_wallet, to_wallet, score, comment, created_at)
    SELECT gen_random_uuid(), order_id, CASE WHEN creator_wallet = ${trader} THEN acceptor_wallet ELSE creator_wallet END,
           ${trader}, 1 + order_id % 5, 'ok', updated_at
    FROM orders WHERE ${deals} AND status = 3 AND (creator_wallet = ${trader} OR acceptor_wallet = ${trader})
    LIMIT ${REVIEWS}::int`);
  // 30,000 deal moves in a few seconds leave the counter rows' dead versions behind, which autovacuum on PostgreSQL
  // clears soon after such a burst; PGlite has no autovacuum, so the bench vacuums once, as it would.
  await db.execute(sql`VACUUM ANALYZE`);
  const [counts] = await queryRows<{ mine: number; all: number; reviews: number }>(db, sql`
    SELECT (SELECT count(*)::int FROM orders WHERE ${deals} AND (creator_wallet = ${trader} OR acceptor_wallet = ${trader})) AS mine,
           (SELECT count(*)::int FROM orders WHERE ${deals}) AS all,
           (SELECT count(*)::int FROM reviews WHERE to_wallet = ${trader}) AS reviews`);
  log(`seeded ${counts?.mine} deals of the trader, ${counts?.all} deals in all, ${counts?.reviews} reviews in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** What computing the same figures per request from the deals would cost (the approach the counters replace). */
const scan = () =>
  queryRows(db, sql`
    SELECT count(*) FILTER (WHERE status = 3) AS completed,
           count(*) FILTER (WHERE status IN (3, 4, 6, 7)) AS finished,
           count(*) FILTER (WHERE status IN (3, 4, 6, 7) AND updated_at >= ${now}::timestamptz - interval '30 days') AS recent,
           avg(extract(epoch FROM updated_at - locked_at)) FILTER (WHERE status = 3 AND locked_at IS NOT NULL) AS release,
           min(updated_at) FILTER (WHERE status = 3) AS first_trade
    FROM orders WHERE parent_order_id IS NOT NULL AND (creator_wallet = ${trader} OR acceptor_wallet = ${trader})`);

/** p50/p99/max of the samples, in milliseconds, and p50/p99 against the baseline's. */
function report(label: string, samples: number[], baseline: number[] | undefined): void {
  samples.sort((a, b) => a - b);
  const at = (p: number) => percentile(samples, p).toFixed(3).padStart(8);
  const versus = baseline
    ? `   vs baseline: p50 ${ratio(percentile(samples, 50), percentile(baseline, 50))} p99 ${ratio(percentile(samples, 99), percentile(baseline, 99))}`
    : '';
  log(`${label.padEnd(9)} p50 ${at(50)} ms   p99 ${at(99)} ms   max ${samples.at(-1)!.toFixed(3).padStart(8)} ms   (${samples.length} calls)${versus}`);
}

/** Runs the targets in turn, call by call, so each sees the same machine (load, collections) as the others. */
async function timeInterleaved(targets: Record<string, () => Promise<unknown>>, runs: number): Promise<void> {
  const entries = Object.entries(targets);
  for (let i = 0; i < WARMUP; i += 1) for (const [, run] of entries) await run();
  const samples = new Map(entries.map(([label]) => [label, [] as number[]]));
  for (let i = 0; i < runs; i += 1) {
    for (const [label, run] of entries) {
      const start = process.hrtime.bigint();
      await run();
      samples.get(label)!.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  const baseline = samples.get('baseline')?.sort((a, b) => a - b);
  for (const [label, values] of samples) report(label, values, label === 'baseline' ? undefined : baseline);
}

await runBench({ name: 'bench:stats', limitS: 120 + SEED_LIMIT_S + 2 * TIMING_LIMIT_S + 60 }, async () => {
  const database = await step('open PGlite', 120, () => openDatabase({ driver: 'pglite', dataDir: null }));
  db = database.db;
  try {
    await step('seed', SEED_LIMIT_S, seed);
    const stats = await tradingStats(db, trader, now);
    log(`the trader: ${stats.completedDeals} completed of ${stats.finishedDeals} finished, ${stats.completedDeals30d} in 30 days, ` +
      `${stats.openDeals} open, ${stats.reviewsCount} reviews (${stats.ratingAverage}), avg payment ${stats.avgPaymentSeconds} s`);
    log(`machine: ${loadLine()}`);
    const baseline = () => db.execute(sql`SELECT created_at FROM users WHERE wallet = ${trader}`);
    await step('time stats', TIMING_LIMIT_S, () => timeInterleaved({ baseline, stats: () => tradingStats(db, trader, now) }, RUNS));
    // The per-request scan is slow: fewer calls, on their own, so it does not disturb the two above.
    await step('time scan', TIMING_LIMIT_S, () => timeInterleaved({ baseline, scan }, Math.max(1, Math.floor(RUNS / 10))));
    log(`machine at the end: ${loadLine()}`);
  } finally {
    await step('close PGlite', 30, database.close);
  }
});
