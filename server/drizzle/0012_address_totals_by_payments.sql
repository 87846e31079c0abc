-- Con pagos / Sin pagos become a key of address_totals (has_payments = payments_count > 0), so
-- the list's count and fee total for those filters add up groups instead of reading about half
-- of the addresses (DESIGN §8). A payment's first save or last deletion moves its address from
-- one group to the other through the same statement trigger as any other change of a key.
ALTER TABLE address_totals ADD COLUMN has_payments boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE address_totals DROP CONSTRAINT address_totals_pkey;
--> statement-breakpoint
ALTER TABLE address_totals ADD PRIMARY KEY (type, state_id, pending, paid_through, settled_to, has_payments);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION addresses_payments_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text := 'FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.type, o.state_id, o.ledger_pending, o.ledger_paid_through, o.ledger_settled_to, o.payments_count > 0, o.is_custom_fee, o.fee, o.community_id, o.economic_activity_id)
    IS DISTINCT FROM (n.type, n.state_id, n.ledger_pending, n.ledger_paid_through, n.ledger_settled_to, n.payments_count > 0, n.is_custom_fee, n.fee, n.community_id, n.economic_activity_id)';
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.* FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.* FROM old_rows o'
    ELSE 'SELECT -1 AS sign, o.* ' || moved || ' UNION ALL SELECT 1, n.* ' || moved
  END;
BEGIN
  EXECUTE 'WITH delta AS (' || delta || ')
    INSERT INTO address_totals AS t (type, state_id, pending, paid_through, settled_to, has_payments, addresses, fees)
    SELECT d.type, coalesce(d.state_id, 0), d.ledger_pending, d.ledger_paid_through, d.ledger_settled_to, d.payments_count > 0, sum(d.sign),
           sum(d.sign * address_fee(d.is_custom_fee, d.fee, d.type, d.community_id, d.economic_activity_id))
    FROM delta d
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (type, state_id, pending, paid_through, settled_to, has_payments)
    DO UPDATE SET addresses = t.addresses + excluded.addresses, fees = t.fees + excluded.fees';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fee_source_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO address_totals AS t (type, state_id, pending, paid_through, settled_to, has_payments, addresses, fees)
  SELECT ap.type, coalesce(ap.state_id, 0), ap.ledger_pending, ap.ledger_paid_through, ap.ledger_settled_to, ap.payments_count > 0, 0, count(*) * (NEW.fee - OLD.fee)
  FROM addresses_payments ap
  WHERE NOT ap.is_custom_fee AND CASE WHEN TG_TABLE_NAME = 'communities' THEN ap.type = 0 AND ap.community_id = NEW.id ELSE ap.type = 1 AND ap.economic_activity_id = NEW.id END
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (type, state_id, pending, paid_through, settled_to, has_payments) DO UPDATE SET fees = t.fees + excluded.fees;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION address_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM address_totals;
  INSERT INTO address_totals (type, state_id, pending, paid_through, settled_to, has_payments, addresses, fees)
  SELECT ap.type, coalesce(ap.state_id, 0), ap.ledger_pending, ap.ledger_paid_through, ap.ledger_settled_to, ap.payments_count > 0, count(*),
         sum(coalesce(CASE WHEN ap.is_custom_fee THEN ap.fee WHEN ap.type = 1 THEN ea.fee ELSE c.fee END, 0))
  FROM addresses_payments ap
  LEFT JOIN communities c ON c.id = ap.community_id
  LEFT JOIN economic_activities ea ON ea.id = ap.economic_activity_id
  GROUP BY 1, 2, 3, 4, 5, 6;
$$;
--> statement-breakpoint
SELECT address_totals_rebuild();
