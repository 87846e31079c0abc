CREATE TABLE "address_balance_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"address_payment_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount_usd" numeric(18, 2) NOT NULL,
	"payment_id" integer,
	"month" varchar(7),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_months" ADD COLUMN "from_balance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "address_balance_movements" ADD CONSTRAINT "address_balance_movements_address_payment_id_addresses_payments_id_fk" FOREIGN KEY ("address_payment_id") REFERENCES "public"."addresses_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_balance_movements_address_idx" ON "address_balance_movements" USING btree ("address_payment_id","id");--> statement-breakpoint
CREATE INDEX "address_balance_movements_payment_idx" ON "address_balance_movements" USING btree ("payment_id");--> statement-breakpoint
-- Issue 50, written by hand below drizzle-kit's part (keep it when regenerating): a month the
-- credit balance completed (from_balance, no payment) that becomes owed again because a payment
-- that fed the balance was rejected, deleted or edited revokes a certificate relying on it with
-- its own reason, not as a removed manual mark. Otherwise as in 0019.
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
  IF OLD.from_balance THEN
    reason := 'balance_reversed';
  ELSIF OLD.payment_id IS NULL THEN
    reason := 'month_unmarked';
  ELSE
    SELECT CASE WHEN p.status = 2 THEN 'payment_rejected' ELSE 'payment_changed' END INTO reason FROM payments p WHERE p.id = OLD.payment_id;
    reason := coalesce(reason, 'payment_deleted');
  END IF;
  UPDATE solvencies SET is_valid = false, revoked_at = now(), revoked_reason = reason
   WHERE addresses_payment_id = OLD.address_payment_id AND is_valid AND OLD.month BETWEEN from_month AND solvent_to_date;
  RETURN NULL;
END $$;
