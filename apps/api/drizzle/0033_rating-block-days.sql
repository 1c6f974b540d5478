SET LOCAL lock_timeout = '5s';--> statement-breakpoint
SET LOCAL statement_timeout = '60s';--> statement-breakpoint
CREATE TABLE "user_block_days" (
	"wallet" text NOT NULL,
	"day" date NOT NULL,
	"blocks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_block_days_wallet_day_pk" PRIMARY KEY("wallet","day")
);
