-- Issue 48 (speed of an import's commit), written by hand (drizzle-kit does not model functions
-- and triggers). A new address has no ledger months yet, so its ledger summary is its start month
-- alone: it is now set on the row as it is inserted (a BEFORE INSERT row trigger) instead of by
-- address_ledger_refresh after the statement, which rewrote every new row once more (a second
-- version of each row in all of its indexes, the trigram one included) and ran the totals, client
-- totals and aging triggers a second time over them: about a fifth of a 500-row import batch.
-- The start month the address declares (its opening position, its own start date, its community's
-- or parish's) is one function now, read by the refresh and by the insert alike.
CREATE OR REPLACE FUNCTION address_ledger_declared_start(opening_paid_through varchar, date_start date, type smallint, community_id integer, parish_id integer)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    substr($1, 1, 4)::int * 12 + substr($1, 6, 2)::int,
    (extract(year FROM $2) * 12 + extract(month FROM $2) - 1)::int,
    CASE WHEN $3 = 0
      THEN (SELECT (extract(year FROM c.date_start) * 12 + extract(month FROM c.date_start) - 1)::int FROM communities c WHERE c.id = $4)
      ELSE (SELECT (extract(year FROM p.date_start) * 12 + extract(month FROM p.date_start) - 1)::int FROM parishes p WHERE p.id = $5)
    END);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION address_ledger_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH target AS (
    SELECT ap.id, coalesce(
      address_ledger_declared_start(ap.opening_paid_through, ap.date_start, ap.type, ap.community_id, ap.parish_id),
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
-- What address_ledger_refresh computes for an address without months: nothing paid, nothing settled before its start.
CREATE OR REPLACE FUNCTION addresses_payments_ledger_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ledger_start := coalesce(
    address_ledger_declared_start(NEW.opening_paid_through, NEW.date_start, NEW.type, NEW.community_id, NEW.parish_id),
    (extract(year FROM NEW.created_at AT TIME ZONE 'America/Caracas') * 12 + extract(month FROM NEW.created_at AT TIME ZONE 'America/Caracas') - 1)::int);
  NEW.ledger_paid_through := NEW.ledger_start - 1;
  NEW.ledger_settled_to := NEW.ledger_start - 1;
  NEW.ledger_last := NULL;
  NEW.ledger_last_year_mask := 0;
  NEW.ledger_pending := false;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The insert no longer reaches this function: an update of what the start depends on does.
CREATE OR REPLACE FUNCTION addresses_payments_summary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM address_ledger_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Same name as before, so the scale seed still switches it off while it writes (seed/scale.ts).
DROP TRIGGER addresses_payments_summary_insert ON addresses_payments;
--> statement-breakpoint
CREATE TRIGGER addresses_payments_summary_insert BEFORE INSERT ON addresses_payments FOR EACH ROW EXECUTE FUNCTION addresses_payments_ledger_new();
