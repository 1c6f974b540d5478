CREATE TABLE "offer_payment_details" (
	"offer_id" bigint NOT NULL,
	"payment_method_id" text NOT NULL,
	"details" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offer_payment_details_offer_id_payment_method_id_pk" PRIMARY KEY("offer_id","payment_method_id"),
	CONSTRAINT "offer_payment_details_length" CHECK (char_length("offer_payment_details"."details") BETWEEN 1 AND 500)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "auto_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_payment_details" ADD CONSTRAINT "offer_payment_details_offer_id_orders_order_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_one_auto_reply_idx" ON "chat_messages" USING btree ("deal_id") WHERE "chat_messages"."auto_reply";