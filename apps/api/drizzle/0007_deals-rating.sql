CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"order_id" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_transactions" (
	"signature" text PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"submitted_by" text NOT NULL,
	"state" text NOT NULL,
	"result_status" smallint,
	"error_code" text,
	"error_message" text,
	"recent_blockhash" text NOT NULL,
	"raw_transaction" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deal_transactions_kind" CHECK ("deal_transactions"."kind" IN ('lock', 'sign', 'cancel', 'admin_resolve')),
	CONSTRAINT "deal_transactions_state" CHECK ("deal_transactions"."state" IN ('pending', 'confirmed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"requester_wallet" text NOT NULL,
	"buyer_wallet" text,
	"seller_wallet" text,
	"order_url" text NOT NULL,
	"receiver" text NOT NULL,
	"message_type" text NOT NULL,
	"status_before" smallint NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"deal_id" bigint NOT NULL,
	"from_wallet" text NOT NULL,
	"to_wallet" text NOT NULL,
	"score" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reviews_score_range" CHECK ("reviews"."score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_wallet" text NOT NULL,
	"blocked_wallet" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_blocks_blocker_wallet_blocked_wallet_pk" PRIMARY KEY("blocker_wallet","blocked_wallet")
);
--> statement-breakpoint
CREATE TABLE "user_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"from_wallet" text NOT NULL,
	"to_wallet" text NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_transactions" ADD CONSTRAINT "deal_transactions_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_deal_id_orders_order_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_order_idx" ON "admin_audit_log" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_transactions_one_pending_per_deal" ON "deal_transactions" USING btree ("order_id") WHERE "deal_transactions"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "deal_transactions_order_idx" ON "deal_transactions" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_order_idx" ON "support_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_requester_idx" ON "support_requests" USING btree ("requester_wallet");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_deal_from_idx" ON "reviews" USING btree ("deal_id","from_wallet");--> statement-breakpoint
CREATE INDEX "reviews_to_wallet_idx" ON "reviews" USING btree ("to_wallet","created_at","id");--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_wallet","blocker_wallet");--> statement-breakpoint
CREATE INDEX "user_reports_to_wallet_idx" ON "user_reports" USING btree ("to_wallet","created_at");