CREATE TABLE "deal_payout_waits" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"recipient_wallet" text NOT NULL,
	"mint" text NOT NULL,
	"resolution" jsonb,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "deal_payout_waits_kind" CHECK ("deal_payout_waits"."kind" IN ('refund_expired', 'resolution')),
	CONSTRAINT "deal_payout_waits_recipient" CHECK ("deal_payout_waits"."recipient" IN ('buyer', 'seller'))
);
--> statement-breakpoint
ALTER TABLE "deal_payout_waits" ADD CONSTRAINT "deal_payout_waits_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;