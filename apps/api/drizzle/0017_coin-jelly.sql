CREATE TABLE "jelly_deposits" (
	"signature" text NOT NULL,
	"order_id" bigint NOT NULL,
	"amount" numeric(40, 0) NOT NULL,
	"slot" bigint,
	"attributed" boolean NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jelly_deposits_pk" PRIMARY KEY("signature","order_id")
);
--> statement-breakpoint
CREATE TABLE "jelly_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jelly_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"stage" text NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"signature" text,
	"slot" bigint,
	"amount" numeric(40, 0),
	"coin" text,
	"note" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jelly_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jelly_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_wallet" text NOT NULL,
	"send_coin" text NOT NULL,
	"send_chain" text NOT NULL,
	"receive_coin" text NOT NULL,
	"receive_chain" text NOT NULL,
	"deposit_address" text NOT NULL,
	"deposit_token_account" text,
	"recipient_address" text NOT NULL,
	"refund_address" text NOT NULL,
	"amount_send" numeric(40, 0) NOT NULL,
	"amount_receive" numeric(40, 0) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"received" numeric(40, 0) DEFAULT '0' NOT NULL,
	"stage" text NOT NULL,
	"reason" text,
	"payout_tx" text,
	"pending_choice" jsonb,
	"user_confirmed_at" timestamp with time zone,
	"create_request_hash" text,
	"admin_since" timestamp with time zone,
	"expire_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jelly_deposits" ADD CONSTRAINT "jelly_deposits_order_id_jelly_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."jelly_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jelly_events" ADD CONSTRAINT "jelly_events_order_id_jelly_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."jelly_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jelly_deposits_unattributed_idx" ON "jelly_deposits" USING btree ("created_at") WHERE NOT "jelly_deposits"."attributed" AND NOT "jelly_deposits"."resolved";--> statement-breakpoint
CREATE INDEX "jelly_events_order_idx" ON "jelly_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "jelly_orders_deposit_address_idx" ON "jelly_orders" USING btree ("deposit_address");--> statement-breakpoint
CREATE INDEX "jelly_orders_user_idx" ON "jelly_orders" USING btree ("user_wallet","created_at");--> statement-breakpoint
CREATE INDEX "jelly_orders_created_idx" ON "jelly_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jelly_orders_stage_idx" ON "jelly_orders" USING btree ("stage");