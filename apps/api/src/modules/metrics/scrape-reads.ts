import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pendingSendCounts } from '../../chain/gate/index.ts';
import type { Queryable } from '../../db/rows.ts';
import { feePayerStatus } from '../fee-payer/index.ts';
import { overdueCounts, watchdogContextOf } from '../watchdog/index.ts';
import type { Metrics } from './definitions.ts';

/** A scrape waits at most this long for one read; the database also cancels the statement then. */
export const SCRAPE_READ_TIMEOUT_MS = 2_000;
const DAY_SECONDS = 24 * 60 * 60;

type Source = 'platform_sends' | 'overdue' | 'fee_payer';

/**
 * The figures read at each scrape, from the database and the node, each bounded: one read, in its own transaction
 * with a statement time-out, raced against the same time-out. A read that fails or times out leaves its metric out
 * of this scrape (reset) and counts jelly_metrics_collect_errors_total: the scrape itself still answers.
 */
export async function refreshScrapeReads(app: FastifyInstance, m: Metrics): Promise<void> {
  // `read` returns what to set: nothing is set unless it answered in time (a late answer is dropped).
  const bounded = async (source: Source, gauges: { reset(): void }[], read: (db: Queryable) => Promise<() => void>) => {
    for (const gauge of gauges) gauge.reset();
    let timer: NodeJS.Timeout | undefined;
    try {
      const apply = await Promise.race([
        app.db.transaction(async (tx) => {
          await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${SCRAPE_READ_TIMEOUT_MS}`));
          return read(tx);
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${source}: no answer within ${SCRAPE_READ_TIMEOUT_MS} ms`)), SCRAPE_READ_TIMEOUT_MS);
        }),
      ]);
      apply();
    } catch (error) {
      m.collectErrors.inc({ source });
      app.log.warn({ err: error, metrics: { source } }, 'metrics: a scrape-time read failed; its metric is left out');
    } finally {
      clearTimeout(timer);
    }
  };

  const watchdog = watchdogContextOf(app);
  const chain = app.chain;
  await Promise.all([
    bounded('platform_sends', [m.sendsPending], async (db) => {
      const pending = await pendingSendCounts(db);
      return () => pending.forEach(({ kind, count }) => m.sendsPending.set({ kind }, count));
    }),
    bounded('overdue', [m.overdue], async (db) => {
      const counts = await overdueCounts({ db, now: watchdog.now, settings: watchdog.settings });
      return () => Object.entries(counts).forEach(([kind, count]) => m.overdue.set({ kind }, count));
    }),
    // Without a chain there is no fee payer to read (tests, a misconfigured start): the metrics are absent.
    chain
      ? bounded('fee_payer', [m.feePayerBalance, m.feePayerSpend, m.feePayerRunway], async (db) => {
          const status = await feePayerStatus(db, chain, app.config.now());
          const balance = Number(status.balanceLamports);
          const spent = Number(status.spent24h.totalLamports);
          return () => {
            const cluster = { cluster: chain.cluster };
            m.feePayerBalance.set(cluster, balance);
            m.feePayerSpend.set(cluster, spent);
            m.feePayerRunway.set(cluster, spent > 0 ? (balance / spent) * DAY_SECONDS : Infinity);
          };
        })
      : Promise.resolve(),
  ]);

  m.sockets.set(app.websocketServer?.clients.size ?? 0);
  const pool = app.databasePool();
  const driver = { driver: pool.driver };
  m.poolTotal.set(driver, pool.driver === 'postgres' ? pool.total : 1);
  if (pool.driver === 'postgres') {
    m.poolIdle.set(driver, pool.idle);
    m.poolWaiting.set(driver, pool.waiting);
  }
}
