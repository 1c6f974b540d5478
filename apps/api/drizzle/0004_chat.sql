CREATE TABLE "chat_attachments" (
	"object_key" text PRIMARY KEY NOT NULL,
	"deal_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"uploader_wallet" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deal_id" bigint NOT NULL,
	"sender_wallet" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"file_url" text,
	"client_created_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_messages_content_length" CHECK (char_length("chat_messages"."content") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_deal_id_orders_order_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_deal_id_orders_order_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_attachments_deal_id_idx" ON "chat_attachments" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "chat_messages_deal_id_idx" ON "chat_messages" USING btree ("deal_id","id");