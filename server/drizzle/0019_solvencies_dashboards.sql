CREATE TABLE "payment_days" (
	"day" date PRIMARY KEY NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount_bill" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_payment" numeric(18, 2) DEFAULT '0' NOT NULL,
	"dollar_amount_bill" numeric(18, 2) DEFAULT '0' NOT NULL,
	"dollar_amount_payment" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
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
--> statement-breakpoint
-- payment_days (administrator dashboard, issue 13), written by hand: every change of
-- payment_day_totals rows (statement-level, with their transition tables) is added to the row of
-- its day, days in order so concurrent writers lock them in the same order. Both tables count the
-- same payments (approved, by the Caracas day of created_at).
CREATE OR REPLACE FUNCTION payment_days_add(rows jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO payment_days AS t (day, payments, amount_bill, amount_payment, dollar_amount_bill, dollar_amount_payment)
  SELECT r.day, sum(r.payments), sum(r.amount_bill), sum(r.amount_payment), sum(r.dollar_amount_bill), sum(r.dollar_amount_payment)
  FROM jsonb_to_recordset(coalesce(rows, '[]'::jsonb)) AS r(day date, payments integer, amount_bill numeric, amount_payment numeric, dollar_amount_bill numeric, dollar_amount_payment numeric)
  GROUP BY r.day ORDER BY r.day
  ON CONFLICT (day) DO UPDATE SET payments = t.payments + excluded.payments, amount_bill = t.amount_bill + excluded.amount_bill,
    amount_payment = t.amount_payment + excluded.amount_payment, dollar_amount_bill = t.dollar_amount_bill + excluded.dollar_amount_bill,
    dollar_amount_payment = t.dollar_amount_payment + excluded.dollar_amount_payment;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM payment_days_add((SELECT jsonb_agg(to_jsonb(n)) FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM payment_days_add((SELECT jsonb_agg(jsonb_build_object('day', o.day, 'payments', -o.payments, 'amount_bill', -o.amount_bill, 'amount_payment', -o.amount_payment,
      'dollar_amount_bill', -o.dollar_amount_bill, 'dollar_amount_payment', -o.dollar_amount_payment)) FROM old_rows o));
  ELSE
    PERFORM payment_days_add((SELECT jsonb_agg(jsonb_build_object('day', n.day, 'payments', n.payments - o.payments, 'amount_bill', n.amount_bill - o.amount_bill,
      'amount_payment', n.amount_payment - o.amount_payment, 'dollar_amount_bill', n.dollar_amount_bill - o.dollar_amount_bill,
      'dollar_amount_payment', n.dollar_amount_payment - o.dollar_amount_payment))
      FROM old_rows o JOIN new_rows n USING (day, type, state_id, municipality_id, parish_id, community_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_days_insert AFTER INSERT ON payment_day_totals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_days_apply();
--> statement-breakpoint
CREATE TRIGGER payment_days_delete AFTER DELETE ON payment_day_totals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_days_apply();
--> statement-breakpoint
CREATE TRIGGER payment_days_update AFTER UPDATE ON payment_day_totals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_days_apply();
--> statement-breakpoint
INSERT INTO payment_days (day, payments, amount_bill, amount_payment, dollar_amount_bill, dollar_amount_payment)
SELECT day, sum(payments), sum(amount_bill), sum(amount_payment), sum(dollar_amount_bill), sum(dollar_amount_payment) FROM payment_day_totals GROUP BY day ORDER BY day;
