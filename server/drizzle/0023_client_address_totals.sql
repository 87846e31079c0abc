-- Each client's payment addresses counted and their monthly fees summed, by type, on the client's
-- own row. A search on the addresses list names thousands of clients ("Quintero": 8 613 at the
-- DESIGN §8 scale); its count and fee total were a read of every address of those clients (a
-- sequential scan of the 250 000 addresses, ~38 ms a request). The clients' search reads these
-- columns from the rows it already visits. Kept like address_totals: one statement trigger on the
-- addresses, one row trigger on a community's or activity's fee.
ALTER TABLE "clients" ADD COLUMN "residential_addresses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "residential_fees" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "commercial_addresses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "commercial_fees" numeric(18, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
-- The addresses a statement inserted, deleted, or changed in client, type or fee, added to and
-- taken from their clients, each client updated once.
CREATE OR REPLACE FUNCTION addresses_payments_client_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text := 'FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.client_id, o.type, o.is_custom_fee, o.fee, o.community_id, o.economic_activity_id)
    IS DISTINCT FROM (n.client_id, n.type, n.is_custom_fee, n.fee, n.community_id, n.economic_activity_id)';
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.* FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.* FROM old_rows o'
    ELSE 'SELECT -1 AS sign, o.* ' || moved || ' UNION ALL SELECT 1, n.* ' || moved
  END;
BEGIN
  EXECUTE 'WITH delta AS (' || delta || '),
    per_client AS (
      SELECT d.client_id,
        coalesce(sum(d.sign) FILTER (WHERE d.type = 0), 0) AS residential_addresses,
        coalesce(sum(d.sign * address_fee(d.is_custom_fee, d.fee, d.type, d.community_id, d.economic_activity_id)) FILTER (WHERE d.type = 0), 0) AS residential_fees,
        coalesce(sum(d.sign) FILTER (WHERE d.type = 1), 0) AS commercial_addresses,
        coalesce(sum(d.sign * address_fee(d.is_custom_fee, d.fee, d.type, d.community_id, d.economic_activity_id)) FILTER (WHERE d.type = 1), 0) AS commercial_fees
      FROM delta d GROUP BY d.client_id)
    UPDATE clients c SET
      residential_addresses = c.residential_addresses + p.residential_addresses,
      residential_fees = c.residential_fees + p.residential_fees,
      commercial_addresses = c.commercial_addresses + p.commercial_addresses,
      commercial_fees = c.commercial_fees + p.commercial_fees
    FROM per_client p WHERE c.id = p.client_id';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER addresses_payments_client_totals_insert AFTER INSERT ON addresses_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION addresses_payments_client_totals();
--> statement-breakpoint
CREATE TRIGGER addresses_payments_client_totals_delete AFTER DELETE ON addresses_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION addresses_payments_client_totals();
--> statement-breakpoint
CREATE TRIGGER addresses_payments_client_totals_update AFTER UPDATE ON addresses_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION addresses_payments_client_totals();
--> statement-breakpoint
-- A community's new fee is the fee of its residential addresses without a custom fee, an
-- activity's that of its commercial ones: their clients take the difference.
CREATE OR REPLACE FUNCTION fee_source_client_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change numeric := coalesce(NEW.fee, 0) - coalesce(OLD.fee, 0);
  residential boolean := TG_TABLE_NAME = 'communities';
BEGIN
  UPDATE clients c SET
    residential_fees = c.residential_fees + CASE WHEN residential THEN p.addresses * change ELSE 0 END,
    commercial_fees = c.commercial_fees + CASE WHEN residential THEN 0 ELSE p.addresses * change END
  FROM (
    SELECT ap.client_id, count(*) AS addresses FROM addresses_payments ap
    WHERE NOT ap.is_custom_fee AND CASE WHEN residential THEN ap.type = 0 AND ap.community_id = NEW.id ELSE ap.type = 1 AND ap.economic_activity_id = NEW.id END
    GROUP BY ap.client_id
  ) p
  WHERE c.id = p.client_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER communities_fee_client_totals AFTER UPDATE OF fee ON communities FOR EACH ROW
  WHEN (OLD.fee IS DISTINCT FROM NEW.fee) EXECUTE FUNCTION fee_source_client_totals();
--> statement-breakpoint
CREATE TRIGGER economic_activities_fee_client_totals AFTER UPDATE OF fee ON economic_activities FOR EACH ROW
  WHEN (OLD.fee IS DISTINCT FROM NEW.fee) EXECUTE FUNCTION fee_source_client_totals();
--> statement-breakpoint
-- The counters recomputed from the addresses (backfill, bulk loads, the tests' check); only the
-- clients whose counters differ are written.
CREATE OR REPLACE FUNCTION client_address_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE clients c SET
    residential_addresses = t.residential_addresses, residential_fees = t.residential_fees,
    commercial_addresses = t.commercial_addresses, commercial_fees = t.commercial_fees
  FROM (
    SELECT k.id,
      count(ap.id) FILTER (WHERE ap.type = 0)::int AS residential_addresses,
      coalesce(sum(CASE WHEN ap.is_custom_fee THEN ap.fee ELSE cm.fee END) FILTER (WHERE ap.type = 0), 0) AS residential_fees,
      count(ap.id) FILTER (WHERE ap.type = 1)::int AS commercial_addresses,
      coalesce(sum(CASE WHEN ap.is_custom_fee THEN ap.fee ELSE ea.fee END) FILTER (WHERE ap.type = 1), 0) AS commercial_fees
    FROM clients k
    LEFT JOIN addresses_payments ap ON ap.client_id = k.id
    LEFT JOIN communities cm ON cm.id = ap.community_id
    LEFT JOIN economic_activities ea ON ea.id = ap.economic_activity_id
    GROUP BY k.id
  ) t
  WHERE c.id = t.id
    AND (c.residential_addresses, c.residential_fees, c.commercial_addresses, c.commercial_fees)
      IS DISTINCT FROM (t.residential_addresses, t.residential_fees, t.commercial_addresses, t.commercial_fees);
$$;
--> statement-breakpoint
SELECT client_address_totals_rebuild();
