-- What the admin (fee payer) paid for each transaction it signed, read from the confirmed transaction's meta;
-- and the windows in which the platform-wide budget was crossed (the operators are alerted once per window).
CREATE TABLE "admin_spend" (
	"signature" text PRIMARY KEY NOT NULL,
	"wallet" text,
	"ip" text,
	"kind" text NOT NULL,
	"order_id" bigint,
	"fee_lamports" bigint NOT NULL,
	"priority_fee_lamports" bigint NOT NULL,
	"rent_lamports" bigint NOT NULL,
	"failed" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_spend_alerts" (
	"window_start" timestamp with time zone NOT NULL,
	"budget" text NOT NULL,
	CONSTRAINT "admin_spend_alerts_pk" PRIMARY KEY("window_start","budget")
);
--> statement-breakpoint
CREATE INDEX "admin_spend_created_idx" ON "admin_spend" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_spend_wallet_idx" ON "admin_spend" USING btree ("wallet","created_at");--> statement-breakpoint
CREATE INDEX "admin_spend_ip_idx" ON "admin_spend" USING btree ("ip","created_at");