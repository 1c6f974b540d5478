-- Covering index for the market's capped totals: every count filter (side, currency, price from, payment methods)
-- is read from the index itself (an index-only scan that stops after 1,001 matches), never from the table.
-- Written by hand because Drizzle's index builder has no INCLUDE; it is not in src/db/schema/orders.ts on purpose.
CREATE INDEX IF NOT EXISTS "orders_market_count_idx" ON "orders" USING btree ("offer_side", "fiat_code")
  INCLUDE ("price", "payment_method_ids")
  WHERE "status" = 0 AND "parent_order_id" IS NULL AND "amount" > 0;
