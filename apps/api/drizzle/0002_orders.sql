CREATE TABLE "orders" (
	"order_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_order_id" bigint,
	"creator_wallet" text NOT NULL,
	"acceptor_wallet" text,
	"token_mint" text NOT NULL,
	"token_name" text NOT NULL,
	"token_decimal" smallint NOT NULL,
	"offer_side" smallint NOT NULL,
	"status" smallint NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"price_type" text DEFAULT 'fixed' NOT NULL,
	"premium_percent" numeric(12, 6),
	"amount" numeric(39, 0) NOT NULL,
	"filled_quantity" numeric(39, 0) DEFAULT '0' NOT NULL,
	"total_amount" numeric(39, 0) NOT NULL,
	"amount_tokens" numeric GENERATED ALWAYS AS (amount / power(10::numeric, token_decimal)) STORED,
	"min_fiat_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"max_fiat_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"fiat_code" text NOT NULL,
	"fiat_amount_cents" numeric(39, 0),
	"payment_method_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"visible_in_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"auto_reply" text DEFAULT '' NOT NULL,
	"order_description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_account_age_days" integer DEFAULT 0 NOT NULL,
	"payment_window_minutes" integer NOT NULL,
	"deal_start_time" timestamp with time zone,
	"payment_deadline" timestamp with time zone,
	"ticket_id" bigint DEFAULT 1 NOT NULL,
	"locked_at" timestamp with time zone,
	"lock_signature" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_range" CHECK ("orders"."status" BETWEEN 0 AND 8),
	CONSTRAINT "orders_side_range" CHECK ("orders"."offer_side" IN (0, 1)),
	CONSTRAINT "orders_price_type" CHECK ("orders"."price_type" IN ('fixed', 'floating')),
	CONSTRAINT "orders_amount_non_negative" CHECK ("orders"."amount" >= 0 AND "orders"."filled_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trader_stats" (
	"wallet" text PRIMARY KEY NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_parent_fk" FOREIGN KEY ("parent_order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_market_side_fiat_created_idx" ON "orders" USING btree ("offer_side","fiat_code","created_at","order_id") WHERE "orders"."status" = 0 AND "orders"."parent_order_id" IS NULL AND "orders"."amount" > 0;--> statement-breakpoint
CREATE INDEX "orders_market_side_fiat_price_idx" ON "orders" USING btree ("offer_side","fiat_code","price","order_id") WHERE "orders"."status" = 0 AND "orders"."parent_order_id" IS NULL AND "orders"."amount" > 0;--> statement-breakpoint
CREATE INDEX "orders_market_side_fiat_amount_idx" ON "orders" USING btree ("offer_side","fiat_code","amount_tokens","order_id") WHERE "orders"."status" = 0 AND "orders"."parent_order_id" IS NULL AND "orders"."amount" > 0;--> statement-breakpoint
CREATE INDEX "orders_market_side_created_idx" ON "orders" USING btree ("offer_side","created_at","order_id") WHERE "orders"."status" = 0 AND "orders"."parent_order_id" IS NULL AND "orders"."amount" > 0;--> statement-breakpoint
CREATE INDEX "orders_market_side_price_idx" ON "orders" USING btree ("offer_side","price","order_id") WHERE "orders"."status" = 0 AND "orders"."parent_order_id" IS NULL AND "orders"."amount" > 0;--> statement-breakpoint
CREATE INDEX "orders_market_side_amount_idx" ON "orders" USING btree ("offer_side","amount_tokens","order_id") WHERE "orders"."status" = 0 AND "orders"."parent_order_id" IS NULL AND "orders"."amount" > 0;--> statement-breakpoint
CREATE INDEX "orders_market_payment_methods_idx" ON "orders" USING gin ("payment_method_ids") WHERE "orders"."status" = 0 AND "orders"."parent_order_id" IS NULL AND "orders"."amount" > 0;--> statement-breakpoint
CREATE INDEX "orders_parent_idx" ON "orders" USING btree ("parent_order_id","status") WHERE "orders"."parent_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_creator_created_idx" ON "orders" USING btree ("creator_wallet","created_at","order_id");--> statement-breakpoint
CREATE INDEX "orders_acceptor_created_idx" ON "orders" USING btree ("acceptor_wallet","created_at","order_id") WHERE "orders"."acceptor_wallet" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_deal_deadline_idx" ON "orders" USING btree ("payment_deadline") WHERE "orders"."parent_order_id" IS NOT NULL AND "orders"."status" IN (1, 8);--> statement-breakpoint
CREATE INDEX "orders_floating_offers_idx" ON "orders" USING btree ("token_mint","fiat_code") WHERE "orders"."price_type" = 'floating' AND "orders"."status" = 0 AND "orders"."parent_order_id" IS NULL;