-- Ledger summary of payment addresses and contains-search indexes (issue 5, DESIGN §8).
-- drizzle-kit wrote the columns and indexes; the extension, the functions, the triggers and the
-- backfill below are written by hand (drizzle-kit does not model them): keep them when
-- regenerating. docs/decisions.md "Payment addresses and the month ledger" explains the columns.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD COLUMN "ledger_start" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD COLUMN "ledger_paid_through" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD COLUMN "ledger_settled_to" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD COLUMN "ledger_last" integer;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD COLUMN "ledger_last_year_mask" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD COLUMN "ledger_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "addresses_payments_settled_idx" ON "addresses_payments" USING btree ("type","ledger_settled_to","id");--> statement-breakpoint
CREATE INDEX "addresses_payments_last_idx" ON "addresses_payments" USING btree ("ledger_last","ledger_paid_through","type","ledger_settled_to","ledger_last_year_mask");--> statement-breakpoint
CREATE INDEX "addresses_payments_address_trgm_idx" ON "addresses_payments" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_payments_state_idx" ON "addresses_payments" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "addresses_payments_municipality_idx" ON "addresses_payments" USING btree ("municipality_id");--> statement-breakpoint
CREATE INDEX "addresses_payments_created_by_idx" ON "addresses_payments" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_identification_trgm_idx" ON "clients" USING gin (("identification_type" || '-' || "identification") gin_trgm_ops);
--> statement-breakpoint
-- Recomputes the ledger summary of the given addresses from their own row, their community's or
-- parish's start date and their address_months rows (months numbered year * 12 + month - 1;
-- server/src/modules/addresses-payment/ledger-sql.ts reads them):
-- ledger_start          the start month: own date_start, else the community's (type 0) or the
--                       parish's (type 1), else the earliest covered month, else the Caracas
--                       month of created_at (domain startMonth);
-- ledger_paid_through   last month of the unbroken covered run from the start (start - 1 when the
--                       start month is owed);
-- ledger_settled_to     start - 1 + covered months from the start on;
-- ledger_last           latest covered month (null without coverage);
-- ledger_last_year_mask bit m - 1 set when month m of the year of ledger_last is covered;
-- ledger_pending        a covered month is pending.
-- Rows whose summary did not change are not written. The ids are joined, not compared with
-- = ANY: a parameter array is searched linearly for every row.
CREATE OR REPLACE FUNCTION address_ledger_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH target AS (
    SELECT ap.id, coalesce(
      (extract(year FROM ap.date_start) * 12 + extract(month FROM ap.date_start) - 1)::int,
      CASE WHEN ap.type = 0
        THEN (SELECT (extract(year FROM c.date_start) * 12 + extract(month FROM c.date_start) - 1)::int FROM communities c WHERE c.id = ap.community_id)
        ELSE (SELECT (extract(year FROM p.date_start) * 12 + extract(month FROM p.date_start) - 1)::int FROM parishes p WHERE p.id = ap.parish_id)
      END,
      (SELECT substr(min(am.month), 1, 4)::int * 12 + substr(min(am.month), 6, 2)::int - 1 FROM address_months am WHERE am.address_payment_id = ap.id),
      (extract(year FROM ap.created_at AT TIME ZONE 'America/Caracas') * 12 + extract(month FROM ap.created_at AT TIME ZONE 'America/Caracas') - 1)::int
    ) AS start
    FROM addresses_payments ap
    JOIN (SELECT DISTINCT unnest(ids) AS id) AS wanted ON wanted.id = ap.id
  ), months AS (
    SELECT t.id, t.start, m.i, m.pending,
           m.i - row_number() OVER (PARTITION BY t.id, m.i >= t.start ORDER BY m.i) AS run_key,
           max(m.i) OVER (PARTITION BY t.id) AS last
    FROM target t
    JOIN LATERAL (
      SELECT substr(am.month, 1, 4)::int * 12 + substr(am.month, 6, 2)::int - 1 AS i, am.pending
      FROM address_months am WHERE am.address_payment_id = t.id
    ) m ON true
  ), summary AS (
    SELECT t.id, t.start,
           (t.start - 1 + count(m.i) FILTER (WHERE m.i >= t.start AND m.run_key = t.start - 1))::int AS paid_through,
           (t.start - 1 + count(m.i) FILTER (WHERE m.i >= t.start))::int AS settled_to,
           max(m.i) AS last,
           coalesce(sum(1 << (m.i % 12)) FILTER (WHERE m.i / 12 = m.last / 12), 0)::int AS last_year_mask,
           coalesce(bool_or(m.pending), false) AS pending
    FROM target t LEFT JOIN months m ON m.id = t.id
    GROUP BY t.id, t.start
  )
  UPDATE addresses_payments ap
  SET ledger_start = s.start, ledger_paid_through = s.paid_through, ledger_settled_to = s.settled_to,
      ledger_last = s.last, ledger_last_year_mask = s.last_year_mask, ledger_pending = s.pending
  FROM summary s
  WHERE ap.id = s.id
    AND (ap.ledger_start, ap.ledger_paid_through, ap.ledger_settled_to, ap.ledger_last, ap.ledger_last_year_mask, ap.ledger_pending)
        IS DISTINCT FROM (s.start, s.paid_through, s.settled_to, s.last, s.last_year_mask, s.pending);
$$;
--> statement-breakpoint
-- Any statement on the ledger (manual marks, payments, cascades) refreshes the addresses it touched.
CREATE OR REPLACE FUNCTION address_months_summary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM address_ledger_refresh(ARRAY(SELECT DISTINCT address_payment_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM address_ledger_refresh(ARRAY(SELECT DISTINCT address_payment_id FROM old_rows));
  ELSE
    PERFORM address_ledger_refresh(ARRAY(SELECT address_payment_id FROM new_rows UNION SELECT address_payment_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER address_months_summary_insert AFTER INSERT ON address_months REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION address_months_summary();
--> statement-breakpoint
CREATE TRIGGER address_months_summary_delete AFTER DELETE ON address_months REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION address_months_summary();
--> statement-breakpoint
CREATE TRIGGER address_months_summary_update AFTER UPDATE ON address_months REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION address_months_summary();
--> statement-breakpoint
-- New addresses, and edits of what decides the start month.
CREATE OR REPLACE FUNCTION addresses_payments_summary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM address_ledger_refresh(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM address_ledger_refresh(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER addresses_payments_summary_insert AFTER INSERT ON addresses_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION addresses_payments_summary();
--> statement-breakpoint
CREATE TRIGGER addresses_payments_summary_update AFTER UPDATE OF date_start, type, community_id, parish_id, created_at ON addresses_payments FOR EACH ROW
  WHEN ((OLD.date_start, OLD.type, OLD.community_id, OLD.parish_id, OLD.created_at) IS DISTINCT FROM (NEW.date_start, NEW.type, NEW.community_id, NEW.parish_id, NEW.created_at))
  EXECUTE FUNCTION addresses_payments_summary();
--> statement-breakpoint
-- A community's start date starts its residential addresses without their own date; a parish's
-- its commercial ones.
CREATE OR REPLACE FUNCTION service_start_summary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'communities' THEN
    PERFORM address_ledger_refresh(ARRAY(SELECT id FROM addresses_payments WHERE community_id = NEW.id AND type = 0 AND date_start IS NULL));
  ELSE
    PERFORM address_ledger_refresh(ARRAY(SELECT id FROM addresses_payments WHERE parish_id = NEW.id AND type = 1 AND date_start IS NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER communities_start_summary AFTER UPDATE OF date_start ON communities FOR EACH ROW
  WHEN (OLD.date_start IS DISTINCT FROM NEW.date_start) EXECUTE FUNCTION service_start_summary();
--> statement-breakpoint
CREATE TRIGGER parishes_start_summary AFTER UPDATE OF date_start ON parishes FOR EACH ROW
  WHEN (OLD.date_start IS DISTINCT FROM NEW.date_start) EXECUTE FUNCTION service_start_summary();
--> statement-breakpoint
-- Count and fee total of the addresses per (type, state, pending, paid_through, settled_to): the
-- list's "a-b de n" and `aditional` for its wide views (every address, Solventes, No Solventes,
-- months to pay, by state) add up these few thousand rows instead of reading every address
-- (DESIGN §8). Kept in step by the triggers below in the transaction of each change;
-- address_totals_rebuild() recomputes it from the addresses (the tests check one against the
-- other).
CREATE TABLE address_totals (
  type smallint NOT NULL,
  state_id integer NOT NULL,
  pending boolean NOT NULL,
  paid_through integer NOT NULL,
  settled_to integer NOT NULL,
  addresses integer NOT NULL,
  fees numeric(18, 2) NOT NULL,
  PRIMARY KEY (type, state_id, pending, paid_through, settled_to)
);
--> statement-breakpoint
-- The monthly fee of an address (custom, else its activity's when commercial, else its
-- community's), 0 when it has none. The fee rows are read FOR SHARE, so a concurrent fee
-- change waits for this transaction and then counts this address at the new fee.
CREATE OR REPLACE FUNCTION address_fee(is_custom_fee boolean, own_fee numeric, type smallint, community_id integer, economic_activity_id integer) RETURNS numeric LANGUAGE sql AS $$
  SELECT coalesce(CASE
    WHEN is_custom_fee THEN own_fee
    WHEN type = 1 THEN (SELECT fee FROM economic_activities WHERE id = economic_activity_id FOR SHARE)
    ELSE (SELECT fee FROM communities WHERE id = community_id FOR SHARE)
  END, 0);
$$;
--> statement-breakpoint
-- Any statement on the addresses: inserted rows count, deleted rows stop counting, an update
-- that moves a row to another group or changes its fee moves it. One upsert per statement,
-- groups locked in key order. (EXECUTE, as each event has its own transition tables.)
CREATE OR REPLACE FUNCTION addresses_payments_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text := 'FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.type, o.state_id, o.ledger_pending, o.ledger_paid_through, o.ledger_settled_to, o.is_custom_fee, o.fee, o.community_id, o.economic_activity_id)
    IS DISTINCT FROM (n.type, n.state_id, n.ledger_pending, n.ledger_paid_through, n.ledger_settled_to, n.is_custom_fee, n.fee, n.community_id, n.economic_activity_id)';
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.* FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.* FROM old_rows o'
    ELSE 'SELECT -1 AS sign, o.* ' || moved || ' UNION ALL SELECT 1, n.* ' || moved
  END;
BEGIN
  EXECUTE 'WITH delta AS (' || delta || ')
    INSERT INTO address_totals AS t (type, state_id, pending, paid_through, settled_to, addresses, fees)
    SELECT d.type, coalesce(d.state_id, 0), d.ledger_pending, d.ledger_paid_through, d.ledger_settled_to, sum(d.sign),
           sum(d.sign * address_fee(d.is_custom_fee, d.fee, d.type, d.community_id, d.economic_activity_id))
    FROM delta d
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (type, state_id, pending, paid_through, settled_to)
    DO UPDATE SET addresses = t.addresses + excluded.addresses, fees = t.fees + excluded.fees';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER addresses_payments_totals_insert AFTER INSERT ON addresses_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION addresses_payments_totals();
--> statement-breakpoint
CREATE TRIGGER addresses_payments_totals_delete AFTER DELETE ON addresses_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION addresses_payments_totals();
--> statement-breakpoint
CREATE TRIGGER addresses_payments_totals_update AFTER UPDATE ON addresses_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION addresses_payments_totals();
--> statement-breakpoint
-- A community's fee is the fee of its residential addresses without a custom fee; an activity's
-- that of its commercial ones. Their groups take the difference.
CREATE OR REPLACE FUNCTION fee_source_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO address_totals AS t (type, state_id, pending, paid_through, settled_to, addresses, fees)
  SELECT ap.type, coalesce(ap.state_id, 0), ap.ledger_pending, ap.ledger_paid_through, ap.ledger_settled_to, 0, count(*) * (NEW.fee - OLD.fee)
  FROM addresses_payments ap
  WHERE NOT ap.is_custom_fee AND CASE WHEN TG_TABLE_NAME = 'communities' THEN ap.type = 0 AND ap.community_id = NEW.id ELSE ap.type = 1 AND ap.economic_activity_id = NEW.id END
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (type, state_id, pending, paid_through, settled_to) DO UPDATE SET fees = t.fees + excluded.fees;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER communities_fee_totals AFTER UPDATE OF fee ON communities FOR EACH ROW
  WHEN (OLD.fee IS DISTINCT FROM NEW.fee) EXECUTE FUNCTION fee_source_totals();
--> statement-breakpoint
CREATE TRIGGER economic_activities_fee_totals AFTER UPDATE OF fee ON economic_activities FOR EACH ROW
  WHEN (OLD.fee IS DISTINCT FROM NEW.fee) EXECUTE FUNCTION fee_source_totals();
--> statement-breakpoint
-- The groups recomputed from the addresses (backfill, bulk loads, the tests' check).
CREATE OR REPLACE FUNCTION address_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM address_totals;
  INSERT INTO address_totals (type, state_id, pending, paid_through, settled_to, addresses, fees)
  SELECT ap.type, coalesce(ap.state_id, 0), ap.ledger_pending, ap.ledger_paid_through, ap.ledger_settled_to, count(*),
         sum(coalesce(CASE WHEN ap.is_custom_fee THEN ap.fee WHEN ap.type = 1 THEN ea.fee ELSE c.fee END, 0))
  FROM addresses_payments ap
  LEFT JOIN communities c ON c.id = ap.community_id
  LEFT JOIN economic_activities ea ON ea.id = ap.economic_activity_id
  GROUP BY 1, 2, 3, 4, 5;
$$;
--> statement-breakpoint
SELECT address_ledger_refresh(ARRAY(SELECT id FROM addresses_payments));
--> statement-breakpoint
SELECT address_totals_rebuild();
