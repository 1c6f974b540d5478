CREATE TABLE "jelly_seed" (
	"id" smallint PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jelly_seed_one_row" CHECK ("jelly_seed"."id" = 1)
);
