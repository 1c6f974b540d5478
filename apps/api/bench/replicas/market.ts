/**
 * The replicas bench's market figure: `offers` offers seeded into the cluster's database, then autocannon through
 * HAProxy: the bare route (GET /bare, the baseline server behind the same HAProxy), then the signed-out and the
 * signed-in market pages (each cycling through the filter/sort combinations of bench:market) as the replicas serve
 * them with their default page cache (MARKET_PAGE_CACHE_MS unset: each replica keeps its own).
 */
import { randomBytes } from 'node:crypto';
import { expectJson, ratio, step } from '@jelly/bench-kit';
import { loadTable, measure, type LoadFigures, type LoadOptions } from '@jelly/bench-kit/autocannon';
import bs58 from 'bs58';
import pg from 'pg';
import { signAccessToken } from '../../src/modules/auth/access-token.ts';
import type { ClusterInfo } from '../../test/cluster/cluster.ts';
import { MARKET_QUERIES, seedMarket } from '../seed-market.ts';
import { verdict, type Figure } from './figure.ts';

export interface MarketSize {
  offers: number;
  load: LoadOptions;
}

export const TARGET_P99_MS = 20;
/** Seeding: 2 minutes and a second per 500 offers; then five measured runs with their warm-ups. */
export const marketLimitS = ({ offers, load }: MarketSize) => 120 + offers / 500 + 3 * (load.warmupS + load.durationS + 30) + 60;

const log = (message: string) => console.log(`[bench] ${message}`);

export async function marketFigure(cluster: ClusterInfo, size: MarketSize): Promise<Figure> {
  await step(`seed ${size.offers} offers`, 120 + size.offers / 500, async () => {
    const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 1 });
    const client = await pool.connect();
    try {
      await seedMarket(client, size.offers, log);
    } finally {
      client.release();
      await pool.end();
    }
  });
  const { token } = await signAccessToken(
    { jwtSecret: new TextEncoder().encode(cluster.jwtSecret), publicUrl: cluster.publicUrl, accessTokenTtlSeconds: 3600, now: () => new Date() },
    { wallet: bs58.encode(randomBytes(32)), isAdmin: false },
  );
  const auth = { authorization: `Bearer ${token}` };
  const sample = await expectJson<{ data: unknown[] }>(`${cluster.url}/api/platform/all-new-offers-unath?${MARKET_QUERIES[0]}`, {});
  if (sample.data.length === 0) throw new Error('sanity check: the market page answered no offers');

  const publicPaths = MARKET_QUERIES.map((q) => ({ method: 'GET' as const, path: `/api/platform/all-new-offers-unath?${q}` }));
  const signedInPaths = MARKET_QUERIES.map((q) => ({ method: 'GET' as const, path: `/api/platform/all-new-offers?${q}`, headers: auth }));
  const { load } = size;
  log(`autocannon through HAProxy: ${load.connections} connections, ${load.durationS} s per target after a ${load.warmupS} s warm-up`);
  const results: LoadFigures[] = [
    await measure('bare route behind HAProxy', cluster.url, [{ method: 'GET', path: '/bare' }], load),
    await measure('all-new-offers-unath, 3 replicas, page cache', cluster.url, publicPaths, load),
    await measure('all-new-offers (bearer), 3 replicas, page cache', cluster.url, signedInPaths, load),
  ];
  console.log(`\n${loadTable(results)}`);
  const bareP99 = results[0]?.p99 ?? NaN;
  const worst = Math.max(...results.slice(1).map((f) => f.p99));
  const met = worst <= TARGET_P99_MS;
  console.log(`market p99 behind HAProxy, worst endpoint, page cache: ${worst} ms, ${ratio(worst, bareP99)} the bare route's ${bareP99} ms`);
  return { name: 'market page p99 (page cache)', line: `${worst} ms vs bare route ${bareP99} ms (${ratio(worst, bareP99)}); target ≤ ${TARGET_P99_MS} ms: ${verdict(met)}`, met };
}
