-- The residential and commercial addresses counted per (ledger summary, monthly fee): what the
-- staff dashboard's aging card (issue 33) reads instead of every owing address. Months to pay at
-- any current month follow from settled_to, last and last_year_mask alone (the ledger summary of
-- migration 0005; `last` is -1 where nothing is covered): the months from the start through the
-- current one that nothing covers are current − settled_to plus the months covered after the
-- current one, 0 or less exactly when the paid run reaches it, so paid_through adds nothing and
-- is left out (half the groups). Each address's BS are its fee × months × rate rounded to the
-- cent, so grouping by the fee's value keeps the card exactly the sum over the addresses: 19 055
-- groups on the scale set instead of 250 036 addresses.
--
-- Unlike address_totals, the triggers only append signed counts (+1 where an address enters a
-- group, -1 where it leaves): a group's count is the sum of its rows. Upserting shared group rows
-- here too made a second table of hot rows locked at other moments of a transaction than
-- address_totals', and a new address deadlocked with a payment's ledger change. Appends take no
-- row locks; address_aging_compact() folds the rows into one per group now and then (the
-- server's loop), and address_aging_rebuild() recomputes them (backfill, bulk loads, the tests'
-- check).
CREATE TABLE address_aging (
  settled_to integer NOT NULL,
  last integer NOT NULL,
  last_year_mask integer NOT NULL,
  fee numeric(18, 2) NOT NULL,
  addresses integer NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION addresses_payments_aging() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text := 'FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.type, o.ledger_settled_to, o.ledger_last, o.ledger_last_year_mask, o.is_custom_fee, o.fee, o.community_id, o.economic_activity_id)
    IS DISTINCT FROM (n.type, n.ledger_settled_to, n.ledger_last, n.ledger_last_year_mask, n.is_custom_fee, n.fee, n.community_id, n.economic_activity_id)';
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.* FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.* FROM old_rows o'
    ELSE 'SELECT -1 AS sign, o.* ' || moved || ' UNION ALL SELECT 1, n.* ' || moved
  END;
BEGIN
  EXECUTE 'WITH delta AS (' || delta || ')
    INSERT INTO address_aging (settled_to, last, last_year_mask, fee, addresses)
    SELECT d.ledger_settled_to, coalesce(d.ledger_last, -1), d.ledger_last_year_mask,
           address_fee(d.is_custom_fee, d.fee, d.type, d.community_id, d.economic_activity_id), sum(d.sign)
    FROM delta d
    WHERE d.type IN (0, 1)
    GROUP BY 1, 2, 3, 4 HAVING sum(d.sign) <> 0';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER addresses_payments_aging_insert AFTER INSERT ON addresses_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION addresses_payments_aging();
--> statement-breakpoint
CREATE TRIGGER addresses_payments_aging_delete AFTER DELETE ON addresses_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION addresses_payments_aging();
--> statement-breakpoint
CREATE TRIGGER addresses_payments_aging_update AFTER UPDATE ON addresses_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION addresses_payments_aging();
--> statement-breakpoint
-- A community's new fee is the fee of its residential addresses without a custom fee, an
-- activity's that of its commercial ones: they move from the old fee's groups to the new one's.
CREATE OR REPLACE FUNCTION fee_source_aging() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  residential boolean := TG_TABLE_NAME = 'communities';
BEGIN
  INSERT INTO address_aging (settled_to, last, last_year_mask, fee, addresses)
  SELECT settled_to, last, last_year_mask, fee, sum(addresses)
  FROM (
    SELECT ap.ledger_settled_to AS settled_to, coalesce(ap.ledger_last, -1) AS last,
           ap.ledger_last_year_mask AS last_year_mask, moved.fee, moved.sign AS addresses
    FROM addresses_payments ap
    CROSS JOIN (VALUES (coalesce(OLD.fee, 0), -1), (coalesce(NEW.fee, 0), 1)) AS moved (fee, sign)
    WHERE NOT ap.is_custom_fee AND CASE WHEN residential THEN ap.type = 0 AND ap.community_id = NEW.id ELSE ap.type = 1 AND ap.economic_activity_id = NEW.id END
  ) change
  GROUP BY 1, 2, 3, 4 HAVING sum(addresses) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER communities_fee_aging AFTER UPDATE OF fee ON communities FOR EACH ROW
  WHEN (OLD.fee IS DISTINCT FROM NEW.fee) EXECUTE FUNCTION fee_source_aging();
--> statement-breakpoint
CREATE TRIGGER economic_activities_fee_aging AFTER UPDATE OF fee ON economic_activities FOR EACH ROW
  WHEN (OLD.fee IS DISTINCT FROM NEW.fee) EXECUTE FUNCTION fee_source_aging();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION address_aging_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM address_aging;
  INSERT INTO address_aging (settled_to, last, last_year_mask, fee, addresses)
  SELECT ap.ledger_settled_to, coalesce(ap.ledger_last, -1), ap.ledger_last_year_mask,
         coalesce(CASE WHEN ap.is_custom_fee THEN ap.fee WHEN ap.type = 1 THEN ea.fee ELSE c.fee END, 0), count(*)
  FROM addresses_payments ap
  LEFT JOIN communities c ON c.id = ap.community_id
  LEFT JOIN economic_activities ea ON ea.id = ap.economic_activity_id
  WHERE ap.type IN (0, 1)
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
-- One row per group: the rows this transaction sees are deleted and their sums written back
-- (rows appended meanwhile by other transactions are not seen, so not deleted, and still count).
-- One compaction at a time; another caller returns at once.
CREATE OR REPLACE FUNCTION address_aging_compact() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('address_aging_compact')) THEN
    RETURN;
  END IF;
  WITH folded AS (DELETE FROM address_aging RETURNING *)
  INSERT INTO address_aging (settled_to, last, last_year_mask, fee, addresses)
  SELECT settled_to, last, last_year_mask, fee, sum(addresses)
  FROM folded GROUP BY 1, 2, 3, 4 HAVING sum(addresses) <> 0;
END $$;
--> statement-breakpoint
SELECT address_aging_rebuild();
