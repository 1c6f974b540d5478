-- One chain transaction, one record (chain_tx_claims, see src/db/schema/chain-tx-claims.ts), and the indexes that
-- count a wallet's reports and blocks of the day. Hand-written from 'chain_tx_key' on: drizzle-kit does not generate
-- functions or triggers. The claims are taken by triggers so that every write path is held to them (admin edits, the
-- deposit watcher, the desk's own payouts, swap submits) without any module writing another module's table.
CREATE TABLE "chain_tx_claims" (
	"tx_key" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_blocks_blocker_created_idx" ON "user_blocks" USING btree ("blocker_wallet","created_at");--> statement-breakpoint
CREATE INDEX "user_reports_from_created_idx" ON "user_reports" USING btree ("from_wallet","created_at");--> statement-breakpoint
CREATE FUNCTION "chain_tx_key"(tx text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN tx ~ '^(0x)?[0-9A-Fa-f]{64}$' THEN lower(tx) ELSE tx END
$$;--> statement-breakpoint
-- chain_tx_claim('<tx column>', '<holder kind>', '<id column>'): the new row's transaction becomes its holder's, or the
-- write fails with a unique violation on chain_tx_claims_pkey whose DETAIL is the current holder. Claiming again for
-- the same holder changes nothing.
CREATE FUNCTION "chain_tx_claim"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	rec jsonb := to_jsonb(NEW);
	tx text := rec ->> TG_ARGV[0];
	claimant text := TG_ARGV[1] || ':' || (rec ->> TG_ARGV[2]);
	held text;
BEGIN
	IF tx IS NULL THEN
		RETURN NULL;
	END IF;
	INSERT INTO "chain_tx_claims" ("tx_key", "holder") VALUES (chain_tx_key(tx), claimant) ON CONFLICT ("tx_key") DO NOTHING;
	IF NOT FOUND THEN
		SELECT "holder" INTO held FROM "chain_tx_claims" WHERE "tx_key" = chain_tx_key(tx);
		IF held IS DISTINCT FROM claimant THEN
			RAISE EXCEPTION 'transaction % is already recorded for %', tx, held
				USING ERRCODE = 'unique_violation', CONSTRAINT = 'chain_tx_claims_pkey', DETAIL = held;
		END IF;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- Only a credited deposit holds its transaction: one the order could not take waits for an admin and holds nothing.
CREATE TRIGGER "jelly_deposits_claim_tx" AFTER INSERT OR UPDATE OF "signature", "attributed" ON "jelly_deposits"
	FOR EACH ROW WHEN (NEW."attributed") EXECUTE FUNCTION "chain_tx_claim"('signature', 'jelly_deposit', 'order_id');--> statement-breakpoint
CREATE TRIGGER "jelly_orders_claim_payout_tx" AFTER INSERT OR UPDATE OF "payout_tx" ON "jelly_orders"
	FOR EACH ROW WHEN (NEW."payout_tx" IS NOT NULL) EXECUTE FUNCTION "chain_tx_claim"('payout_tx', 'jelly_payout', 'id');--> statement-breakpoint
CREATE TRIGGER "swaps_claim_tx" AFTER INSERT OR UPDATE OF "tx_id" ON "swaps"
	FOR EACH ROW WHEN (NEW."tx_id" IS NOT NULL) EXECUTE FUNCTION "chain_tx_claim"('tx_id', 'swap', 'id');--> statement-breakpoint
-- What was recorded before: the earliest record of each transaction holds it. A later record of the same transaction
-- (recorded twice before this migration) keeps its row and holds nothing; an admin should look at those.
INSERT INTO "chain_tx_claims" ("tx_key", "holder", "created_at")
SELECT "key", "holder", "at" FROM (
	SELECT chain_tx_key("tx_id") AS "key", 'swap:' || "id" AS "holder", "created_at" AS "at" FROM "swaps" WHERE "tx_id" IS NOT NULL
	UNION ALL
	SELECT chain_tx_key("signature"), 'jelly_deposit:' || "order_id", "created_at" FROM "jelly_deposits" WHERE "attributed"
	UNION ALL
	SELECT chain_tx_key("payout_tx"), 'jelly_payout:' || "id", "updated_at" FROM "jelly_orders" WHERE "payout_tx" IS NOT NULL
) AS "recorded"
ORDER BY "at", "holder"
ON CONFLICT ("tx_key") DO NOTHING;
