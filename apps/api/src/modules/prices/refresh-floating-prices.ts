import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { marketPrice, PRICE_DECIMALS } from './market-price.ts';
import { PriceFeedUnavailableError, type PriceFeed } from './price-feed.ts';

export interface RefreshResult {
  /** Offers whose price was rewritten. */
  updated: number;
  /** token/fiat pairs the feed could not price (their offers keep the last price). */
  unpriced: string[];
}

/**
 * Floating offers store price = market × (1 + premium%) so the market can filter and sort by price in SQL;
 * this rewrites it from the feed for every active floating offer (one UPDATE per token/fiat pair).
 */
export async function refreshFloatingPrices(db: Database, feed: PriceFeed): Promise<RefreshResult> {
  const pairs = await queryRows<{ token_name: string; fiat_code: string }>(db, sql`
    SELECT DISTINCT token_name, fiat_code FROM orders
    WHERE price_type = 'floating' AND status = 0 AND parent_order_id IS NULL`);
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
      WHERE price_type = 'floating' AND status = 0 AND parent_order_id IS NULL
        AND token_name = ${symbol} AND fiat_code = ${fiat}
        AND price IS DISTINCT FROM round(${market.price}::numeric * (100 + premium_percent) / 100, ${PRICE_DECIMALS})
      RETURNING order_id`);
    updated += result.length;
  }
  return { updated, unpriced };
}
