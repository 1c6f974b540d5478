SET LOCAL lock_timeout = '5s';--> statement-breakpoint
SET LOCAL statement_timeout = '60s';--> statement-breakpoint
-- The fault rule of 0010_deals-at-fault, with one change: a Locked (8) deal of a Buy offer (offer_side 1) whose window
-- lapses while its seller never gave payment details (none stored under the deal, see offer_payment_details) counts
-- against the crypto side: the buyer had nowhere to pay. Claims before details were required can be in that state.
CREATE OR REPLACE FUNCTION "orders_set_at_fault"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fiat_side text := CASE WHEN NEW.offer_side = 1 THEN NEW.creator_wallet ELSE NEW.acceptor_wallet END;
  crypto_side text := CASE WHEN NEW.offer_side = 1 THEN NEW.acceptor_wallet ELSE NEW.creator_wallet END;
BEGIN
  IF NEW.at_fault_wallet IS NOT NULL OR NEW.status NOT IN (4, 6, 7) OR OLD.status IN (3, 4, 6, 7) THEN
    RETURN NEW;
  END IF;
  NEW.at_fault_wallet := CASE
    WHEN NEW.status = 7 AND OLD.status = 1 THEN crypto_side
    WHEN NEW.status = 7 AND OLD.status = 8 AND NEW.offer_side = 1
      AND NOT EXISTS (SELECT 1 FROM "offer_payment_details" d WHERE d.offer_id = NEW.order_id) THEN crypto_side
    WHEN NEW.status = 7 AND OLD.status = 8 THEN fiat_side
    WHEN NEW.status = 7 AND OLD.status = 2 THEN crypto_side
    WHEN NEW.status = 6 AND NEW.filled_quantity > 0 THEN crypto_side
    WHEN NEW.status = 6 THEN fiat_side
    WHEN NEW.status = 4 THEN fiat_side
  END;
  RETURN NEW;
END;
$$;
