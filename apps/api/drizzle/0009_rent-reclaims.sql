CREATE TABLE "rent_reclaims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rent_reclaims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"order_id" bigint NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lamports_reclaimed" bigint DEFAULT 0 NOT NULL,
	"signature" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rent_reclaims_kind" CHECK ("rent_reclaims"."kind" IN ('ticket', 'order')),
	CONSTRAINT "rent_reclaims_state" CHECK ("rent_reclaims"."state" IN ('pending', 'waiting', 'done'))
);
--> statement-breakpoint
ALTER TABLE "rent_reclaims" ADD CONSTRAINT "rent_reclaims_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rent_reclaims_account_idx" ON "rent_reclaims" USING btree ("kind","order_id");--> statement-breakpoint
CREATE INDEX "rent_reclaims_due_idx" ON "rent_reclaims" USING btree ("next_attempt_at") WHERE "rent_reclaims"."state" = 'pending';