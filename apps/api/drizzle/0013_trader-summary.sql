CREATE TABLE "trader_daily_stats" (
	"wallet" text NOT NULL,
	"day" date NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trader_daily_stats_wallet_day_pk" PRIMARY KEY("wallet","day")
);
--> statement-breakpoint
CREATE TABLE "trader_volume" (
	"wallet" text NOT NULL,
	"token_mint" text NOT NULL,
	"token_name" text NOT NULL,
	"token_decimal" smallint NOT NULL,
	"amount" numeric(60, 0) DEFAULT '0' NOT NULL,
	CONSTRAINT "trader_volume_wallet_token_mint_token_name_token_decimal_pk" PRIMARY KEY("wallet","token_mint","token_name","token_decimal")
);
--> statement-breakpoint
ALTER TABLE "trader_stats" ADD COLUMN "open_deals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_stats" ADD COLUMN "buy_deals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_stats" ADD COLUMN "sell_deals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_stats" ADD COLUMN "release_seconds" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_stats" ADD COLUMN "release_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_stats" ADD COLUMN "payment_seconds" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_stats" ADD COLUMN "payment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_stats" ADD COLUMN "first_trade_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trader_stats" ADD COLUMN "reviews_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_stats" ADD COLUMN "reviews_score_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_stats" ADD COLUMN "reviews_positive" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_creator_status_created_idx" ON "orders" USING btree ("creator_wallet","status","created_at","order_id");--> statement-breakpoint
CREATE INDEX "orders_acceptor_status_created_idx" ON "orders" USING btree ("acceptor_wallet","status","created_at","order_id") WHERE "orders"."acceptor_wallet" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_creator_offers_idx" ON "orders" USING btree ("creator_wallet","status","created_at","order_id") WHERE "orders"."parent_order_id" IS NULL;--> statement-breakpoint
CREATE INDEX "user_reports_from_to_idx" ON "user_reports" USING btree ("from_wallet","to_wallet","created_at");--> statement-breakpoint
-- The trader profile reads counters, never the wallet's deals: this trigger keeps trader_stats, trader_volume and
-- trader_daily_stats in step with every deal move, in the same transaction. Statuses (the deal state table):
-- under way 1 In Progress, 8 Locked, 2 Signed By One Party, 5 Admin Resolving; ended 3 Completed, 4 Cancelled,
-- 6 Admin Resolved, 7 Expired. A Completed deal counts for both parties; a failed one only for the party at fault
-- (set by orders_set_at_fault before this runs), or for both when none is recorded.
-- Marked paid: the deal leaves Locked for Signed By One Party (the fiat side signed), or straight for Completed when
-- both signatures were seen at once; its lock → paid seconds count for the fiat side, who paid.
CREATE OR REPLACE FUNCTION "orders_count_finished_deal"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  party text;
  is_update boolean := TG_OP = 'UPDATE';
  was_open boolean := (is_update AND OLD.status IN (1, 2, 5, 8)) IS TRUE;
  is_open boolean := NEW.status IN (1, 2, 5, 8);
  ends boolean := (NEW.status IN (3, 4, 6, 7) AND (NOT is_update OR OLD.status NOT IN (3, 4, 6, 7))) IS TRUE;
  completes boolean := ends AND NEW.status = 3;
  paid boolean := (is_update AND OLD.status = 8 AND NEW.status IN (2, 3) AND NEW.locked_at IS NOT NULL) IS TRUE;
  fiat_side text := CASE WHEN NEW.offer_side = 1 THEN NEW.creator_wallet ELSE NEW.acceptor_wallet END;
  counts boolean;
  pays boolean;
  ended_day date := (NEW.updated_at AT TIME ZONE 'UTC')::date;
BEGIN
  IF NEW.parent_order_id IS NULL OR NOT (ends OR paid OR is_open <> was_open) THEN
    RETURN NEW;
  END IF;
  FOREACH party IN ARRAY ARRAY[NEW.creator_wallet, NEW.acceptor_wallet] LOOP
    CONTINUE WHEN party IS NULL;
    counts := (NEW.status = 3 OR NEW.at_fault_wallet IS NULL OR NEW.at_fault_wallet = party) IS TRUE;
    pays := (paid AND party = fiat_side) IS TRUE;
    INSERT INTO "trader_stats" ("wallet", "trades", "completed", "cancelled", "open_deals", "buy_deals", "sell_deals",
      "release_seconds", "release_count", "payment_seconds", "payment_count", "first_trade_at", "updated_at")
    VALUES (
      party,
      (ends AND counts)::int,
      completes::int,
      (ends AND counts AND NEW.status IN (4, 7))::int,
      is_open::int - was_open::int,
      ((completes AND party = fiat_side) IS TRUE)::int,
      (completes AND party IS DISTINCT FROM fiat_side)::int,
      CASE WHEN completes AND NEW.locked_at IS NOT NULL THEN extract(epoch FROM NEW.updated_at - NEW.locked_at) ELSE 0 END,
      (completes AND NEW.locked_at IS NOT NULL)::int,
      CASE WHEN pays THEN extract(epoch FROM NEW.updated_at - NEW.locked_at) ELSE 0 END,
      pays::int,
      CASE WHEN completes THEN NEW.updated_at END,
      now())
    ON CONFLICT ("wallet") DO UPDATE SET
      "trades" = "trader_stats"."trades" + EXCLUDED."trades",
      "completed" = "trader_stats"."completed" + EXCLUDED."completed",
      "cancelled" = "trader_stats"."cancelled" + EXCLUDED."cancelled",
      "open_deals" = "trader_stats"."open_deals" + EXCLUDED."open_deals",
      "buy_deals" = "trader_stats"."buy_deals" + EXCLUDED."buy_deals",
      "sell_deals" = "trader_stats"."sell_deals" + EXCLUDED."sell_deals",
      "release_seconds" = "trader_stats"."release_seconds" + EXCLUDED."release_seconds",
      "release_count" = "trader_stats"."release_count" + EXCLUDED."release_count",
      "payment_seconds" = "trader_stats"."payment_seconds" + EXCLUDED."payment_seconds",
      "payment_count" = "trader_stats"."payment_count" + EXCLUDED."payment_count",
      "first_trade_at" = LEAST("trader_stats"."first_trade_at", EXCLUDED."first_trade_at"),
      "updated_at" = now();
    IF ends AND counts THEN
      INSERT INTO "trader_daily_stats" ("wallet", "day", "finished", "completed")
      VALUES (party, ended_day, 1, completes::int)
      ON CONFLICT ("wallet", "day") DO UPDATE SET
        "finished" = "trader_daily_stats"."finished" + 1,
        "completed" = "trader_daily_stats"."completed" + EXCLUDED."completed";
    END IF;
    IF completes THEN
      INSERT INTO "trader_volume" ("wallet", "token_mint", "token_name", "token_decimal", "amount")
      VALUES (party, NEW.token_mint, NEW.token_name, NEW.token_decimal, NEW.amount)
      ON CONFLICT ("wallet", "token_mint", "token_name", "token_decimal") DO UPDATE SET
        "amount" = "trader_volume"."amount" + EXCLUDED."amount";
    END IF;
  END LOOP;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Reviews received (reports live in user_reports and never count). Reviews are written once and never changed.
CREATE FUNCTION "reviews_count_received"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "trader_stats" ("wallet", "reviews_count", "reviews_score_sum", "reviews_positive", "updated_at")
  VALUES (NEW.to_wallet, 1, NEW.score, (NEW.score >= 4)::int, now())
  ON CONFLICT ("wallet") DO UPDATE SET
    "reviews_count" = "trader_stats"."reviews_count" + 1,
    "reviews_score_sum" = "trader_stats"."reviews_score_sum" + EXCLUDED."reviews_score_sum",
    "reviews_positive" = "trader_stats"."reviews_positive" + EXCLUDED."reviews_positive",
    "updated_at" = now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_count_received" AFTER INSERT ON "reviews" FOR EACH ROW EXECUTE FUNCTION "reviews_count_received"();
--> statement-breakpoint
-- Deals and reviews written before this migration. Payment times cannot be rebuilt (when a deal was marked paid
-- was not recorded): they count from now on.
INSERT INTO "trader_stats" ("wallet", "open_deals", "buy_deals", "sell_deals", "release_seconds", "release_count",
  "first_trade_at", "updated_at")
SELECT p.wallet,
  (count(*) FILTER (WHERE o.status IN (1, 2, 5, 8)))::int,
  (count(*) FILTER (WHERE o.status = 3 AND p.wallet = p.fiat_side))::int,
  (count(*) FILTER (WHERE o.status = 3 AND p.wallet IS DISTINCT FROM p.fiat_side))::int,
  coalesce(sum(extract(epoch FROM o.updated_at - o.locked_at)) FILTER (WHERE o.status = 3 AND o.locked_at IS NOT NULL), 0),
  (count(*) FILTER (WHERE o.status = 3 AND o.locked_at IS NOT NULL))::int,
  min(o.updated_at) FILTER (WHERE o.status = 3),
  now()
FROM "orders" o
CROSS JOIN LATERAL (VALUES (o.creator_wallet), (o.acceptor_wallet)) AS w(wallet)
CROSS JOIN LATERAL (SELECT w.wallet,
  CASE WHEN o.offer_side = 1 THEN o.creator_wallet ELSE o.acceptor_wallet END AS fiat_side) AS p
WHERE o.parent_order_id IS NOT NULL AND w.wallet IS NOT NULL
GROUP BY p.wallet
ON CONFLICT ("wallet") DO UPDATE SET
  "open_deals" = EXCLUDED."open_deals",
  "buy_deals" = EXCLUDED."buy_deals",
  "sell_deals" = EXCLUDED."sell_deals",
  "release_seconds" = EXCLUDED."release_seconds",
  "release_count" = EXCLUDED."release_count",
  "first_trade_at" = EXCLUDED."first_trade_at";
--> statement-breakpoint
INSERT INTO "trader_stats" ("wallet", "reviews_count", "reviews_score_sum", "reviews_positive", "updated_at")
SELECT "to_wallet", count(*)::int, sum("score")::int, (count(*) FILTER (WHERE "score" >= 4))::int, now()
FROM "reviews" GROUP BY "to_wallet"
ON CONFLICT ("wallet") DO UPDATE SET
  "reviews_count" = EXCLUDED."reviews_count",
  "reviews_score_sum" = EXCLUDED."reviews_score_sum",
  "reviews_positive" = EXCLUDED."reviews_positive";
--> statement-breakpoint
INSERT INTO "trader_volume" ("wallet", "token_mint", "token_name", "token_decimal", "amount")
SELECT w.wallet, o.token_mint, o.token_name, o.token_decimal, sum(o.amount)
FROM "orders" o CROSS JOIN LATERAL (VALUES (o.creator_wallet), (o.acceptor_wallet)) AS w(wallet)
WHERE o.parent_order_id IS NOT NULL AND o.status = 3 AND w.wallet IS NOT NULL
GROUP BY w.wallet, o.token_mint, o.token_name, o.token_decimal;
--> statement-breakpoint
INSERT INTO "trader_daily_stats" ("wallet", "day", "finished", "completed")
SELECT w.wallet, (o.updated_at AT TIME ZONE 'UTC')::date, count(*)::int, (count(*) FILTER (WHERE o.status = 3))::int
FROM "orders" o CROSS JOIN LATERAL (VALUES (o.creator_wallet), (o.acceptor_wallet)) AS w(wallet)
WHERE o.parent_order_id IS NOT NULL AND o.status IN (3, 4, 6, 7) AND w.wallet IS NOT NULL
  AND (o.status = 3 OR o.at_fault_wallet IS NULL OR o.at_fault_wallet = w.wallet)
GROUP BY w.wallet, (o.updated_at AT TIME ZONE 'UTC')::date;
