import { marketOffer, type MarketOffer } from '@jelly/contracts';
import { OFFER_NOT_ON_MARKET } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { notFound } from '../../errors.ts';
import { marketPage } from './market-page.ts';
import { toMarketOffer, type MarketRow } from './market-row.ts';
import { marketPageSql, marketWhere } from './market-sql.ts';
import { preparedRows } from './prepared-rows.ts';


/**
 * One offer for a visitor (a shared /online-ads/{id} link): exactly what the signed-out market lists, read with the
 * market's own filter (open, something left, visible in the caller's country), so no deal, closed offer or
 * region-limited offer can be read through it.
 */
export async function getPublicOffer(db: Database, country: string | null, orderId: number): Promise<MarketOffer> {
  const where = sql`${marketWhere({}, null, { country })} AND o.order_id = ${orderId}`;
  const [row] = await preparedRows<MarketRow>(db, marketPageSql(where, marketPage({}), 1, 0));
  if (!row) throw notFound(OFFER_NOT_ON_MARKET);
  return marketOffer.parse(toMarketOffer(row));
}
