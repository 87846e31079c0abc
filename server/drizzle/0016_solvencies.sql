CREATE TABLE "solvencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"addresses_payment_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"from_month" varchar(7) NOT NULL,
	"solvent_to_date" varchar(7) NOT NULL,
	"is_valid" boolean DEFAULT true NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "solvencies" ADD CONSTRAINT "solvencies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solvencies" ADD CONSTRAINT "solvencies_addresses_payment_id_addresses_payments_id_fk" FOREIGN KEY ("addresses_payment_id") REFERENCES "public"."addresses_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solvencies" ADD CONSTRAINT "solvencies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "solvencies_hash_unique" ON "solvencies" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "solvencies_created_idx" ON "solvencies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "solvencies_client_idx" ON "solvencies" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "solvencies_address_idx" ON "solvencies" USING btree ("addresses_payment_id","created_at");--> statement-breakpoint
CREATE INDEX "solvencies_creator_idx" ON "solvencies" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "solvencies_type_idx" ON "solvencies" USING btree ("type","created_at");--> statement-breakpoint
-- Revocation of solvency certificates (issue 13, DESIGN §5), written by hand below drizzle-kit's
-- part (keep it when regenerating). A certificate relies on the covered months from its
-- from_month through its solvent_to_date. At the commit of any transaction that deleted a ledger
-- row of its address (a payment rejected or deleted, a manual mark removed, a payment's months
-- edited) or made one pending again, a month it relied on that is no longer covered by an
-- approved payment or a mark revokes it: is_valid false, revoked_at the transaction's now(), and
-- why. The check runs at commit (deferred), so an edit that releases a payment's months and
-- covers the same ones again in one transaction revokes nothing.
CREATE OR REPLACE FUNCTION solvencies_revoke_on_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reason text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM solvencies s WHERE s.addresses_payment_id = OLD.address_payment_id AND s.is_valid
                 AND OLD.month BETWEEN s.from_month AND s.solvent_to_date) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM address_months m WHERE m.address_payment_id = OLD.address_payment_id AND m.month = OLD.month AND NOT m.pending) THEN
    RETURN NULL;
  END IF;
  IF OLD.payment_id IS NULL THEN
    reason := 'month_unmarked';
  ELSE
    SELECT CASE WHEN p.status = 2 THEN 'payment_rejected' ELSE 'payment_changed' END INTO reason FROM payments p WHERE p.id = OLD.payment_id;
    reason := coalesce(reason, 'payment_deleted');
  END IF;
  UPDATE solvencies SET is_valid = false, revoked_at = now(), revoked_reason = reason
   WHERE addresses_payment_id = OLD.address_payment_id AND is_valid AND OLD.month BETWEEN from_month AND solvent_to_date;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER address_months_revoke_solvencies_delete AFTER DELETE ON address_months
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION solvencies_revoke_on_ledger();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER address_months_revoke_solvencies_update AFTER UPDATE ON address_months
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((NEW.pending AND NOT OLD.pending) OR NEW.month IS DISTINCT FROM OLD.month OR NEW.address_payment_id IS DISTINCT FROM OLD.address_payment_id)
  EXECUTE FUNCTION solvencies_revoke_on_ledger();
