CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"mode" varchar(10) NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"only_valid" boolean DEFAULT false NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_hash" varchar(64) NOT NULL,
	"file_stored" varchar(255) NOT NULL,
	"file_format" varchar(4) NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"counts" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"error_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"failure" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD COLUMN "opening_paid_through" varchar(7);--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "imports_status_idx" ON "imports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "imports_hash_idx" ON "imports" USING btree ("file_hash","mode","status");--> statement-breakpoint
-- Issue 48, written by hand (drizzle-kit does not model functions and triggers): an address's
-- opening position (opening_paid_through, 'YYYY-MM') starts its ledger the month after it, ahead
-- of every other source of the start month (domain startMonth). Same function as 0005 otherwise.
CREATE OR REPLACE FUNCTION address_ledger_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH target AS (
    SELECT ap.id, coalesce(
      substr(ap.opening_paid_through, 1, 4)::int * 12 + substr(ap.opening_paid_through, 6, 2)::int,
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
DROP TRIGGER addresses_payments_summary_update ON addresses_payments;
--> statement-breakpoint
CREATE TRIGGER addresses_payments_summary_update AFTER UPDATE OF date_start, opening_paid_through, type, community_id, parish_id, created_at ON addresses_payments FOR EACH ROW
  WHEN ((OLD.date_start, OLD.opening_paid_through, OLD.type, OLD.community_id, OLD.parish_id, OLD.created_at) IS DISTINCT FROM (NEW.date_start, NEW.opening_paid_through, NEW.type, NEW.community_id, NEW.parish_id, NEW.created_at))
  EXECUTE FUNCTION addresses_payments_summary();
