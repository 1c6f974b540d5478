-- The market's capped totals also filter by region (an offer limited to countries is counted only for callers in
-- one of them), so the covering index carries visible_in_countries too and the count stays an index-only scan.
-- Written by hand because Drizzle's index builder has no INCLUDE.
DROP INDEX IF EXISTS "orders_market_count_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_market_count_idx" ON "orders" USING btree ("offer_side", "fiat_code")
  INCLUDE ("price", "payment_method_ids", "visible_in_countries")
  WHERE "status" = 0 AND "parent_order_id" IS NULL AND "amount" > 0;
