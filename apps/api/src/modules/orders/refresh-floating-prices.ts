import { OrderStatus } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { marketPrice, PRICE_DECIMALS, PriceFeedUnavailableError, type PriceFeed } from '../prices/index.ts';

export interface RefreshResult {
  /** Offers whose price was rewritten. */
  updated: number;
  /** token/fiat pairs the feed could not price (their offers keep the last price). */
  unpriced: string[];
}

/**
 * Floating offers store price = market × (1 + premium%) so the market can filter and sort by price in SQL;
 * this rewrites it from the feed for every active floating offer (one UPDATE per token/fiat pair). The offers are
 * this module's rows; the prices module gives the market price.
 */
export async function refreshFloatingPrices(db: Database, feed: PriceFeed): Promise<RefreshResult> {
  const pairs = await queryRows<{ token_name: string; fiat_code: string }>(db, sql`
    SELECT DISTINCT token_name, fiat_code FROM orders
    WHERE price_type = 'floating' AND status = ${OrderStatus.Active} AND parent_order_id IS NULL`);
  let updated = 0;
  const unpriced: string[] = [];
  for (const { token_name: symbol, fiat_code: fiat } of pairs) {
    let market;
    try {
      market = await marketPrice(feed, symbol, fiat);
    } catch (error) {
      if (!(error instanceof PriceFeedUnavailableError)) throw error;
      market = null;
    }
    if (!market) {
      unpriced.push(`${symbol}/${fiat}`);
      continue;
    }
    const result = await queryRows<{ order_id: number }>(db, sql`
      UPDATE orders
      SET price = round(${market.price}::numeric * (100 + premium_percent) / 100, ${PRICE_DECIMALS}), updated_at = now()
      WHERE price_type = 'floating' AND status = ${OrderStatus.Active} AND parent_order_id IS NULL
        AND token_name = ${symbol} AND fiat_code = ${fiat}
        AND price IS DISTINCT FROM round(${market.price}::numeric * (100 + premium_percent) / 100, ${PRICE_DECIMALS})
      RETURNING order_id`);
    updated += result.length;
  }
  return { updated, unpriced };
}

/**
 * One run of the floating-price job (a job of the app's list, every `floatingRefreshMs`; tests call
 * refreshFloatingPrices themselves): reprices floating offers from the app's price feed.
 */
export function floatingPricesRun(app: FastifyInstance): () => Promise<void> {
  return async () => {
    const result = await refreshFloatingPrices(app.db, app.priceFeed);
    if (result.unpriced.length > 0) app.log.warn({ unpriced: result.unpriced }, 'floating offers left unpriced');
  };
}
