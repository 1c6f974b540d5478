CREATE TABLE "watchdog_overdue" (
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "watchdog_overdue_kind_ref_pk" PRIMARY KEY("kind","ref")
);
--> statement-breakpoint
CREATE INDEX "watchdog_overdue_open_idx" ON "watchdog_overdue" USING btree ("kind") WHERE "watchdog_overdue"."cleared_at" IS NULL;