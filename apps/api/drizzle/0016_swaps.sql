CREATE TABLE "swap_quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"wallet" text NOT NULL,
	"input_mint" text NOT NULL,
	"output_mint" text NOT NULL,
	"in_symbol" text NOT NULL,
	"out_symbol" text NOT NULL,
	"in_decimals" smallint NOT NULL,
	"out_decimals" smallint NOT NULL,
	"in_amount" numeric(39, 0) NOT NULL,
	"out_amount" numeric(39, 0) NOT NULL,
	"mid_out_amount" numeric(39, 0) NOT NULL,
	"fee_bps" integer NOT NULL,
	"source" text NOT NULL,
	"publish_time" timestamp with time zone NOT NULL,
	"message" text NOT NULL,
	"recent_blockhash" text NOT NULL,
	"last_valid_block_height" bigint NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swaps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL,
	"tx_id" text,
	"status" smallint NOT NULL,
	"wallet" text NOT NULL,
	"input_mint" text NOT NULL,
	"output_mint" text NOT NULL,
	"in_symbol" text NOT NULL,
	"out_symbol" text NOT NULL,
	"in_decimals" smallint NOT NULL,
	"out_decimals" smallint NOT NULL,
	"in_amount" numeric(39, 0) NOT NULL,
	"out_amount" numeric(39, 0) NOT NULL,
	"raw_transaction" text,
	"recent_blockhash" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "swaps_status" CHECK ("swaps"."status" IN (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "swaps" ADD CONSTRAINT "swaps_quote_id_swap_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."swap_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swap_quotes_created_idx" ON "swap_quotes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "swaps_quote_unique" ON "swaps" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "swaps_wallet_created_idx" ON "swaps" USING btree ("wallet","created_at");--> statement-breakpoint
CREATE INDEX "swaps_created_idx" ON "swaps" USING btree ("created_at");