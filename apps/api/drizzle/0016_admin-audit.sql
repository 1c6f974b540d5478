-- The admin back office: one append-only audit log for every admin act (before/after, tx signature, reason), lifted
-- bans, disabled tokens, attachment hashes, deals flagged for review and four-eyes resolution requests.
CREATE TABLE "deal_review_flags" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"flagged_by" text NOT NULL,
	"flagged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resolve_approvals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"release_to" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "resolve_approvals_release_to" CHECK ("resolve_approvals"."release_to" IN ('buyer', 'seller')),
	CONSTRAINT "resolve_approvals_state" CHECK ("resolve_approvals"."state" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "resolve_approvals_four_eyes" CHECK ("resolve_approvals"."decided_by" IS NULL OR "resolve_approvals"."decided_by" <> "resolve_approvals"."requested_by")
);
--> statement-breakpoint
ALTER TABLE "bans" ADD COLUMN "lifted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bans" ADD COLUMN "lifted_by" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "tx_signature" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "deal_review_flags" ADD CONSTRAINT "deal_review_flags_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolve_approvals" ADD CONSTRAINT "resolve_approvals_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resolve_approvals_one_pending_idx" ON "resolve_approvals" USING btree ("order_id") WHERE "resolve_approvals"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "resolve_approvals_order_idx" ON "resolve_approvals" USING btree ("order_id","requested_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_actor_idx" ON "admin_audit_log" USING btree ("actor","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_subject_idx" ON "admin_audit_log" USING btree ("subject","created_at");--> statement-breakpoint
UPDATE "admin_audit_log" SET
	"subject" = "order_id"::text,
	"tx_signature" = "details"->>'signature',
	"reason" = NULLIF("details"->>'reason', '');--> statement-breakpoint
CREATE FUNCTION "admin_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "admin_audit_log"
	FOR EACH ROW EXECUTE FUNCTION "admin_audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_no_truncate" BEFORE TRUNCATE ON "admin_audit_log"
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_audit_log_append_only"();
