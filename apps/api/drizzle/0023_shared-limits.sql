CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_sockets" (
	"socket_id" text PRIMARY KEY NOT NULL,
	"process_id" text NOT NULL,
	"ip" text NOT NULL,
	"wallet" text,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "realtime_sockets_ip_idx" ON "realtime_sockets" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "realtime_sockets_wallet_idx" ON "realtime_sockets" USING btree ("wallet");--> statement-breakpoint
CREATE INDEX "realtime_sockets_process_idx" ON "realtime_sockets" USING btree ("process_id");