CREATE TABLE "chat_notification_throttle" (
	"wallet" text NOT NULL,
	"deal_id" bigint NOT NULL,
	"last_notified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_notification_throttle_wallet_deal_id_pk" PRIMARY KEY("wallet","deal_id")
);
--> statement-breakpoint
CREATE TABLE "deal_reminders" (
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deal_reminders_order_id_kind_pk" PRIMARY KEY("order_id","kind")
);
--> statement-breakpoint
CREATE TABLE "deal_viewers" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"wallet" text NOT NULL,
	"deal_id" bigint NOT NULL,
	"process_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"wallet" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"order_id" bigint,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_link_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"wallet" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_chat_id" bigint
);
--> statement-breakpoint
CREATE TABLE "telegram_links" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"wallet" text NOT NULL,
	"username" text,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telegram_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chat_id" bigint NOT NULL,
	"text" text NOT NULL,
	"button_text" text,
	"button_url" text,
	"notification_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "deal_viewers_wallet_deal_idx" ON "deal_viewers" USING btree ("wallet","deal_id");--> statement-breakpoint
CREATE INDEX "deal_viewers_process_idx" ON "deal_viewers" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "notifications_wallet_id_idx" ON "notifications" USING btree ("wallet","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_wallet_unread_idx" ON "notifications" USING btree ("wallet") WHERE "notifications"."is_read" = false;--> statement-breakpoint
CREATE INDEX "telegram_link_codes_expires_at_idx" ON "telegram_link_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "telegram_links_wallet_idx" ON "telegram_links" USING btree ("wallet");--> statement-breakpoint
CREATE INDEX "telegram_outbox_due_idx" ON "telegram_outbox" USING btree ("next_attempt_at") WHERE "telegram_outbox"."sent_at" IS NULL AND "telegram_outbox"."failed_at" IS NULL;