-- Realtime signals (see src/realtime/signals.ts): NOTIFY inside the writing transaction, delivered on commit.
CREATE OR REPLACE FUNCTION jelly_signal_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jelly_realtime', json_build_object('t', 'n', 'id', NEW.id, 'w', NEW.wallet)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_realtime AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION jelly_signal_notification();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION jelly_signal_order_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM pg_notify('jelly_realtime', json_build_object(
      't', 'o', 'id', NEW.order_id, 'p', NEW.parent_order_id, 's', NEW.status,
      'w', json_build_array(NEW.creator_wallet, NEW.acceptor_wallet),
      'at', floor(extract(epoch from clock_timestamp()) * 1000))::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_realtime_status_update AFTER UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION jelly_signal_order_status();
--> statement-breakpoint
CREATE TRIGGER orders_realtime_deal_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.parent_order_id IS NOT NULL) EXECUTE FUNCTION jelly_signal_order_status();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION jelly_signal_chat_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parties json;
BEGIN
  SELECT json_build_array(o.creator_wallet, o.acceptor_wallet) INTO parties FROM orders o WHERE o.order_id = NEW.deal_id;
  PERFORM pg_notify('jelly_realtime', json_build_object(
    't', 'c', 'id', NEW.id, 'd', NEW.deal_id, 'w', coalesce(parties, '[]'::json))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_realtime AFTER INSERT ON chat_messages
  FOR EACH ROW EXECUTE FUNCTION jelly_signal_chat_message();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION jelly_signal_telegram_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jelly_realtime', '{"t":"tg"}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER telegram_outbox_realtime AFTER INSERT ON telegram_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION jelly_signal_telegram_outbox();
