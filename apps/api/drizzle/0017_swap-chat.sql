ALTER TABLE "chat_attachments" ALTER COLUMN "deal_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "deal_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD COLUMN "swap_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "swap_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_swap_id_swaps_id_fk" FOREIGN KEY ("swap_id") REFERENCES "public"."swaps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_swap_id_swaps_id_fk" FOREIGN KEY ("swap_id") REFERENCES "public"."swaps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_attachments_swap_id_idx" ON "chat_attachments" USING btree ("swap_id");--> statement-breakpoint
CREATE INDEX "chat_messages_swap_id_idx" ON "chat_messages" USING btree ("swap_id","id");--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_one_room" CHECK (num_nonnulls("chat_attachments"."deal_id", "chat_attachments"."swap_id") = 1);--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_one_room" CHECK (num_nonnulls("chat_messages"."deal_id", "chat_messages"."swap_id") = 1);--> statement-breakpoint
CREATE OR REPLACE FUNCTION jelly_signal_chat_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parties json;
BEGIN
  IF NEW.swap_id IS NOT NULL THEN
    -- A swap's room: its owner (admins, the desk, receive every swap room's messages).
    SELECT json_build_array(s.wallet) INTO parties FROM swaps s WHERE s.id = NEW.swap_id;
    PERFORM pg_notify('jelly_realtime', json_build_object(
      't', 'c', 'id', NEW.id, 'd', NULL, 's', NEW.swap_id, 'w', coalesce(parties, '[]'::json))::text);
    RETURN NULL;
  END IF;
  SELECT json_build_array(o.creator_wallet, o.acceptor_wallet) INTO parties FROM orders o WHERE o.order_id = NEW.deal_id;
  PERFORM pg_notify('jelly_realtime', json_build_object(
    't', 'c', 'id', NEW.id, 'd', NEW.deal_id, 'w', coalesce(parties, '[]'::json))::text);
  RETURN NULL;
END $$;
