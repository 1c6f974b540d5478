SET LOCAL lock_timeout = '5s';--> statement-breakpoint
SET LOCAL statement_timeout = '60s';--> statement-breakpoint
-- A Coin Jelly refund's claim was its reason on a refunding order; it is now its own stage, refund_sending (the twin
-- of settling). Claimed refunds move there so the send recovery still finds them. Few rows: refunds in flight.
UPDATE "jelly_orders" SET "stage" = 'refund_sending'
WHERE "stage" = 'refunding' AND "reason" = 'Refunded to your wallet at your request';
