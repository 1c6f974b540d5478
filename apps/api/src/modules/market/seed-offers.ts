import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';

export interface SeedOffer {
  creator: string;
  side: 0 | 1;
  fiat: string;
  price: string;
  /** Base units available. */
  amount: string;
  decimals?: number;
  mint?: string;
  symbol?: string;
  methods?: string[];
  countries?: string[];
  status?: number;
  createdAt?: Date;
}

/** Inserts offers directly (tests of the listing itself: the create-order rules are tested elsewhere). */
export async function seedOffers(db: Database, offers: readonly SeedOffer[]): Promise<number[]> {
  const ids: number[] = [];
  for (const o of offers) {
    const rows = await queryRows<{ order_id: number | string }>(db, sql`
      INSERT INTO orders (creator_wallet, token_mint, token_name, token_decimal, offer_side, status, price, amount,
        total_amount, fiat_code, payment_method_ids, visible_in_countries, payment_window_minutes, created_at, updated_at)
      VALUES (${o.creator}, ${o.mint ?? 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'}, ${o.symbol ?? 'USDC'},
        ${o.decimals ?? 6}, ${o.side}, ${o.status ?? 0}, ${o.price}::numeric, ${o.amount}::numeric, ${o.amount}::numeric,
        ${o.fiat}, ${`{${(o.methods ?? ['sepa']).join(',')}}`}::text[], ${`{${(o.countries ?? []).join(',')}}`}::text[], 30,
        ${o.createdAt ?? new Date()}, ${o.createdAt ?? new Date()})
      RETURNING order_id`);
    ids.push(Number(rows[0]?.order_id));
  }
  return ids;
}
