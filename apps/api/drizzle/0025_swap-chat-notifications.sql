DROP INDEX "deal_viewers_wallet_deal_idx";--> statement-breakpoint
ALTER TABLE "chat_notification_throttle" ADD COLUMN "room_kind" text DEFAULT 'deal' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_viewers" ADD COLUMN "room_kind" text DEFAULT 'deal' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_notification_throttle" DROP CONSTRAINT "chat_notification_throttle_wallet_deal_id_pk";--> statement-breakpoint
ALTER TABLE "chat_notification_throttle" ADD CONSTRAINT "chat_notification_throttle_wallet_room_kind_deal_id_pk" PRIMARY KEY("wallet","room_kind","deal_id");--> statement-breakpoint
CREATE INDEX "deal_viewers_wallet_room_idx" ON "deal_viewers" USING btree ("wallet","room_kind","deal_id");--> statement-breakpoint
ALTER TABLE "chat_notification_throttle" ADD CONSTRAINT "chat_notification_throttle_room_kind_check" CHECK ("chat_notification_throttle"."room_kind" in ('deal', 'swap'));--> statement-breakpoint
ALTER TABLE "deal_viewers" ADD CONSTRAINT "deal_viewers_room_kind_check" CHECK ("deal_viewers"."room_kind" in ('deal', 'swap'));
