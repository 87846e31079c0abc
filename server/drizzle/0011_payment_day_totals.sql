-- Daily totals of the approved payments by location (issue 6, regional units' payment cards):
-- drizzle-kit wrote the table; the functions, triggers and backfill below are written by hand
-- (drizzle-kit does not model them): keep them when regenerating. A row's key is the Caracas day
-- of created_at and the paying address's type, state, municipality, parish and community (0 for
-- none), as the address stands now: moving an address moves its payments' totals.
CREATE TABLE "payment_day_totals" (
	"day" date NOT NULL,
	"type" smallint NOT NULL,
	"state_id" integer NOT NULL,
	"municipality_id" integer NOT NULL,
	"parish_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount_bill" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_payment" numeric(18, 2) DEFAULT '0' NOT NULL,
	"dollar_amount_bill" numeric(18, 2) DEFAULT '0' NOT NULL,
	"dollar_amount_payment" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "payment_day_totals_day_type_state_id_municipality_id_parish_id_community_id_pk" PRIMARY KEY("day","type","state_id","municipality_id","parish_id","community_id")
);
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) the given payments (as jsonb rows; only approved ones
-- should be passed) at their address's current location.
CREATE OR REPLACE FUNCTION payment_day_totals_apply(rows jsonb, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO payment_day_totals AS t (day, type, state_id, municipality_id, parish_id, community_id, payments, amount_bill, amount_payment, dollar_amount_bill, dollar_amount_payment)
  SELECT (r.created_at AT TIME ZONE 'America/Caracas')::date, ap.type, coalesce(ap.state_id, 0), coalesce(ap.municipality_id, 0), coalesce(ap.parish_id, 0),
         coalesce(ap.community_id, 0), sign * count(*), sign * sum(r.amount_bill), sign * sum(r.amount_payment), sign * sum(r.dollar_amount_bill), sign * sum(r.dollar_amount_payment)
  FROM jsonb_to_recordset(coalesce(rows, '[]'::jsonb)) AS r(created_at timestamptz, address_payment_id integer, amount_bill numeric, amount_payment numeric,
       dollar_amount_bill numeric, dollar_amount_payment numeric)
  JOIN addresses_payments ap ON ap.id = r.address_payment_id
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (day, type, state_id, municipality_id, parish_id, community_id) DO UPDATE SET payments = t.payments + excluded.payments, amount_bill = t.amount_bill + excluded.amount_bill, amount_payment = t.amount_payment + excluded.amount_payment,
      dollar_amount_bill = t.dollar_amount_bill + excluded.dollar_amount_bill, dollar_amount_payment = t.dollar_amount_payment + excluded.dollar_amount_payment;
$$;
--> statement-breakpoint
-- Any statement on payments: approved rows inserted count, deleted ones stop counting; an update
-- that changes an approved payment's status, day, address or amounts takes the old row away and
-- adds the new one.
CREATE OR REPLACE FUNCTION payments_day_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM payment_day_totals_apply((SELECT jsonb_agg(to_jsonb(n)) FROM new_rows n WHERE n.status = 1), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM payment_day_totals_apply((SELECT jsonb_agg(to_jsonb(o)) FROM old_rows o WHERE o.status = 1), -1);
  ELSE
    PERFORM payment_day_totals_apply((SELECT jsonb_agg(to_jsonb(o)) FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.status = 1
      AND (o.status, o.created_at, o.address_payment_id, o.amount_bill, o.amount_payment, o.dollar_amount_bill, o.dollar_amount_payment)
          IS DISTINCT FROM (n.status, n.created_at, n.address_payment_id, n.amount_bill, n.amount_payment, n.dollar_amount_bill, n.dollar_amount_payment)), -1);
    PERFORM payment_day_totals_apply((SELECT jsonb_agg(to_jsonb(n)) FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.status = 1
      AND (o.status, o.created_at, o.address_payment_id, o.amount_bill, o.amount_payment, o.dollar_amount_bill, o.dollar_amount_payment)
          IS DISTINCT FROM (n.status, n.created_at, n.address_payment_id, n.amount_bill, n.amount_payment, n.dollar_amount_bill, n.dollar_amount_payment)), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_day_totals_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_day_totals();
--> statement-breakpoint
CREATE TRIGGER payments_day_totals_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_day_totals();
--> statement-breakpoint
CREATE TRIGGER payments_day_totals_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_day_totals();
--> statement-breakpoint
-- An address that changes type or location moves its approved payments' totals from the old key to the new.
CREATE OR REPLACE FUNCTION address_day_totals_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_day_totals AS t (day, type, state_id, municipality_id, parish_id, community_id, payments, amount_bill, amount_payment, dollar_amount_bill, dollar_amount_payment)
  SELECT (p.created_at AT TIME ZONE 'America/Caracas')::date, k.type, k.state_id, k.municipality_id, k.parish_id, k.community_id,
         k.sign * count(*), k.sign * sum(p.amount_bill), k.sign * sum(p.amount_payment), k.sign * sum(p.dollar_amount_bill), k.sign * sum(p.dollar_amount_payment)
  FROM payments p
  CROSS JOIN (VALUES (OLD.type, coalesce(OLD.state_id, 0), coalesce(OLD.municipality_id, 0), coalesce(OLD.parish_id, 0), coalesce(OLD.community_id, 0), -1),
                     (NEW.type, coalesce(NEW.state_id, 0), coalesce(NEW.municipality_id, 0), coalesce(NEW.parish_id, 0), coalesce(NEW.community_id, 0), 1))
    AS k(type, state_id, municipality_id, parish_id, community_id, sign)
  WHERE p.address_payment_id = NEW.id AND p.status = 1
  GROUP BY 1, 2, 3, 4, 5, 6, k.sign ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (day, type, state_id, municipality_id, parish_id, community_id) DO UPDATE SET payments = t.payments + excluded.payments, amount_bill = t.amount_bill + excluded.amount_bill, amount_payment = t.amount_payment + excluded.amount_payment,
      dollar_amount_bill = t.dollar_amount_bill + excluded.dollar_amount_bill, dollar_amount_payment = t.dollar_amount_payment + excluded.dollar_amount_payment;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER addresses_payments_day_totals AFTER UPDATE OF type, state_id, municipality_id, parish_id, community_id ON addresses_payments FOR EACH ROW
  WHEN ((OLD.type, coalesce(OLD.state_id, 0), coalesce(OLD.municipality_id, 0), coalesce(OLD.parish_id, 0), coalesce(OLD.community_id, 0))
        IS DISTINCT FROM (NEW.type, coalesce(NEW.state_id, 0), coalesce(NEW.municipality_id, 0), coalesce(NEW.parish_id, 0), coalesce(NEW.community_id, 0)))
  EXECUTE FUNCTION address_day_totals_move();
--> statement-breakpoint
-- Recomputes every row from the payments (backfill, tests, repair).
CREATE OR REPLACE FUNCTION payment_day_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM payment_day_totals;
  INSERT INTO payment_day_totals (day, type, state_id, municipality_id, parish_id, community_id, payments, amount_bill, amount_payment, dollar_amount_bill, dollar_amount_payment)
  SELECT (p.created_at AT TIME ZONE 'America/Caracas')::date, ap.type, coalesce(ap.state_id, 0), coalesce(ap.municipality_id, 0), coalesce(ap.parish_id, 0),
         coalesce(ap.community_id, 0), count(*), sum(p.amount_bill), sum(p.amount_payment), sum(p.dollar_amount_bill), sum(p.dollar_amount_payment)
  FROM payments p JOIN addresses_payments ap ON ap.id = p.address_payment_id
  WHERE p.status = 1
  GROUP BY 1, 2, 3, 4, 5, 6;
$$;
--> statement-breakpoint
SELECT payment_day_totals_rebuild();
