ALTER TABLE "orders" ADD COLUMN "at_fault_wallet" text;--> statement-breakpoint
-- A deal that ends without completing counts as a failed trade only for the party whose move it was. A party's own
-- database cancel records the canceller (the use-case sets at_fault_wallet); every other ending is derived here
-- from the move, whoever makes it (chain sync, payment-window job, admin):
--   Expired from In Progress (1): nothing was locked, the crypto side's turn (lock) ran out;
--   Expired from Locked (8): the fiat side never marked paid; from Signed By One Party (2): the crypto side never released;
--   Admin Resolved (6) with the amount filled: released to the fiat side, so ruled against the crypto side; else refunded,
--     ruled against the fiat side;
--   Cancelled, when not a party's own cancel (which records itself): after a lock only the fiat side can cancel (on
--     chain); before a lock only an admin can, sending the deal back to the seller, so ruled against the fiat side.
-- The fiat side is the creator of a Buy offer (offer_side 1) or the claimer of a Sell offer; the crypto side the other.
CREATE FUNCTION "orders_set_at_fault"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fiat_side text := CASE WHEN NEW.offer_side = 1 THEN NEW.creator_wallet ELSE NEW.acceptor_wallet END;
  crypto_side text := CASE WHEN NEW.offer_side = 1 THEN NEW.acceptor_wallet ELSE NEW.creator_wallet END;
BEGIN
  IF NEW.at_fault_wallet IS NOT NULL OR NEW.status NOT IN (4, 6, 7) OR OLD.status IN (3, 4, 6, 7) THEN
    RETURN NEW;
  END IF;
  NEW.at_fault_wallet := CASE
    WHEN NEW.status = 7 AND OLD.status = 1 THEN crypto_side
    WHEN NEW.status = 7 AND OLD.status = 8 THEN fiat_side
    WHEN NEW.status = 7 AND OLD.status = 2 THEN crypto_side
    WHEN NEW.status = 6 AND NEW.filled_quantity > 0 THEN crypto_side
    WHEN NEW.status = 6 THEN fiat_side
    WHEN NEW.status = 4 THEN fiat_side
  END;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_set_at_fault" BEFORE UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (NEW.parent_order_id IS NOT NULL AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "orders_set_at_fault"();
--> statement-breakpoint
-- trader_stats: a Completed deal counts for both parties; a failed one (Cancelled, Admin Resolved, Expired) only for
-- the party at fault, or for both when no party is recorded (deals that ended before this rule).
CREATE OR REPLACE FUNCTION "orders_count_finished_deal"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    CONTINUE WHEN NEW.status <> 3 AND NEW.at_fault_wallet IS NOT NULL AND NEW.at_fault_wallet <> party;
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
-- Deals that already ended: the party at fault where the row shows it (the same rules, from locked_at and
-- filled_quantity); a database cancel before a lock does not say who cancelled and stays unattributed.
UPDATE "orders" SET "at_fault_wallet" = CASE
    WHEN "status" = 7 AND "locked_at" IS NULL THEN CASE WHEN "offer_side" = 1 THEN "acceptor_wallet" ELSE "creator_wallet" END
    WHEN "status" = 7 THEN CASE WHEN "offer_side" = 1 THEN "creator_wallet" ELSE "acceptor_wallet" END
    WHEN "status" = 6 AND "filled_quantity" > 0 THEN CASE WHEN "offer_side" = 1 THEN "acceptor_wallet" ELSE "creator_wallet" END
    WHEN "status" = 6 THEN CASE WHEN "offer_side" = 1 THEN "creator_wallet" ELSE "acceptor_wallet" END
    WHEN "status" = 4 AND "locked_at" IS NOT NULL THEN CASE WHEN "offer_side" = 1 THEN "creator_wallet" ELSE "acceptor_wallet" END
  END
WHERE "parent_order_id" IS NOT NULL AND "status" IN (4, 6, 7) AND "at_fault_wallet" IS NULL;
--> statement-breakpoint
DELETE FROM "trader_stats";
--> statement-breakpoint
INSERT INTO "trader_stats" ("wallet", "trades", "completed", "cancelled", "updated_at")
SELECT p.wallet, count(*)::int, (count(*) FILTER (WHERE o.status = 3))::int, (count(*) FILTER (WHERE o.status IN (4, 7)))::int, now()
FROM "orders" o CROSS JOIN LATERAL (VALUES (o.creator_wallet), (o.acceptor_wallet)) AS p(wallet)
WHERE o.parent_order_id IS NOT NULL AND o.status IN (3, 4, 6, 7) AND p.wallet IS NOT NULL
  AND (o.status = 3 OR o.at_fault_wallet IS NULL OR o.at_fault_wallet = p.wallet)
GROUP BY p.wallet;
