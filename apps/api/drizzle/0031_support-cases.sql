ALTER TABLE "support_requests" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "closed_by" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "close_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "support_requests_open_case_idx" ON "support_requests" USING btree ("order_id") WHERE "support_requests"."state" = 'open';--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_state_check" CHECK ("support_requests"."state" in ('open', 'closed'));