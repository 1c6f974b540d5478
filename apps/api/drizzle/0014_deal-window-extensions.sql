-- Requests for more time on a deal's payment window and their answers; chat messages gain a kind (user | system).
CREATE TABLE "deal_window_extensions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_window_extensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deal_id" bigint NOT NULL,
	"seq" smallint NOT NULL,
	"requested_by" text NOT NULL,
	"minutes" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"answered_by" text,
	"deadline_before" timestamp with time zone,
	"deadline_after" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "deal_window_extensions_seq_range" CHECK ("deal_window_extensions"."seq" BETWEEN 1 AND 2),
	CONSTRAINT "deal_window_extensions_minutes" CHECK ("deal_window_extensions"."minutes" IN (15, 30, 60)),
	CONSTRAINT "deal_window_extensions_state" CHECK ("deal_window_extensions"."state" IN ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "kind" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_window_extensions" ADD CONSTRAINT "deal_window_extensions_deal_id_orders_order_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_window_extensions_seq_idx" ON "deal_window_extensions" USING btree ("deal_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_window_extensions_pending_idx" ON "deal_window_extensions" USING btree ("deal_id") WHERE "deal_window_extensions"."state" = 'pending';