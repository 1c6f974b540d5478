CREATE TABLE "platform_sends" (
	"signature" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_ref" text,
	"raw" text NOT NULL,
	"blockhash" text NOT NULL,
	"last_valid_block_height" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"held_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "platform_sends_pending_idx" ON "platform_sends" USING btree ("created_at") WHERE "platform_sends"."state" = 'pending';