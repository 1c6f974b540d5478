-- Keeps trader_stats in step with deals: when a deal (parent_order_id set) reaches a final status
-- (3 Completed, 4 Cancelled, 6 Admin Resolved, 7 Expired), both parties' counters move once.
CREATE FUNCTION "orders_count_finished_deal"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  party text;
BEGIN
  IF NEW.parent_order_id IS NULL OR NEW.status NOT IN (3, 4, 6, 7) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status IN (3, 4, 6, 7) THEN
    RETURN NEW;
  END IF;
  FOREACH party IN ARRAY ARRAY[NEW.creator_wallet, NEW.acceptor_wallet] LOOP
    CONTINUE WHEN party IS NULL;
    INSERT INTO "trader_stats" ("wallet", "trades", "completed", "cancelled", "updated_at")
    VALUES (party, 1, (NEW.status = 3)::int, (NEW.status IN (4, 7))::int, now())
    ON CONFLICT ("wallet") DO UPDATE SET
      "trades" = "trader_stats"."trades" + 1,
      "completed" = "trader_stats"."completed" + EXCLUDED."completed",
      "cancelled" = "trader_stats"."cancelled" + EXCLUDED."cancelled",
      "updated_at" = now();
  END LOOP;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_count_finished_deal_insert" AFTER INSERT ON "orders"
  FOR EACH ROW WHEN (NEW.parent_order_id IS NOT NULL) EXECUTE FUNCTION "orders_count_finished_deal"();
--> statement-breakpoint
CREATE TRIGGER "orders_count_finished_deal_update" AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (NEW.parent_order_id IS NOT NULL AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "orders_count_finished_deal"();
