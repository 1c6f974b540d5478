ALTER TABLE "rent_reclaims" ADD COLUMN "wallet" text;--> statement-breakpoint
ALTER TABLE "rent_reclaims" ADD COLUMN "ip" text;