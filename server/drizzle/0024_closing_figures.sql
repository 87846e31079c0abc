ALTER TABLE "closed_boxes" ADD COLUMN "transfer" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "closed_boxes" ADD COLUMN "point_of_sale" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "closed_boxes" ADD COLUMN "commission" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Written by hand below this line (drizzle-kit does not write these).
-- A closing's transfer, point-of-sale and commission figures kept on its row, so the closings
-- list and export read no payments (the export of 30 005 closings grouped 1.96 M payments, 2.7 s).
-- The commission is rounded per group, so these figures are recomputed from the closing's groups
-- (index-only, ~65 payments a closing), never added to: once per closing per statement on the
-- payments, and when a payment method's or a closing's type changes.
--
-- The payment groups (method / terminal / lot) of the given closings with the terminal commission
-- of spec 02 §9 for point-of-sale groups (method type 2): 10 % of the payment amount for a type-0
-- closing, 5 % of the tax base in bolivars (each payment's rounded to the cent) for type 1, rounded
-- to the cent per group. One definition for the closings page's groups and the kept figures; the
-- planner inlines it (SQL, STABLE), so it reads payments_closed_box_group_idx, and the closings by
-- their key (joined on the group alone, it hashed all 30 000 closings: 8 ms against 1).
CREATE OR REPLACE FUNCTION closed_box_groups(ids integer[]) RETURNS TABLE (
  closed_box_id integer, payment_method_id integer, terminal varchar, lot_number varchar, name varchar, method_type smallint,
  count_payments integer, amount_bill numeric, amount_payment numeric, tax_base_bs numeric, commission numeric
) LANGUAGE sql STABLE AS $$
  SELECT g.closed_box_id, g.payment_method_id, g.terminal, g.lot_number, g.name, g.method_type, g.count_payments, g.amount_bill, g.amount_payment, g.tax_base_bs,
    CASE WHEN g.method_type <> 2 THEN 0::numeric WHEN cb.type = 0 THEN round(g.amount_payment * 0.10, 2) ELSE round(g.tax_base_bs * 0.05, 2) END
  FROM (
    SELECT p.closed_box_id, p.payment_method_id, p.terminal::varchar AS terminal, p.lot_number::varchar AS lot_number, m.name::varchar AS name, m.type AS method_type,
      count(*)::int AS count_payments, sum(p.amount_bill) AS amount_bill, sum(p.amount_payment) AS amount_payment,
      sum(round(p.tax_base * p.exchange_rate, 2)) AS tax_base_bs
    FROM payments p JOIN payment_methods m ON m.id = p.payment_method_id
    WHERE p.closed_box_id = ANY(ids)
    GROUP BY p.closed_box_id, p.payment_method_id, p.terminal, p.lot_number, m.name, m.type
  ) g JOIN closed_boxes cb ON cb.id = g.closed_box_id AND cb.id = ANY(ids)
$$;
--> statement-breakpoint
-- The given closings' figures recomputed. Their rows are held first, and the payments read in the
-- next statement's snapshot: a writer that waited for a closing sees the payments the one before
-- it committed, so two cashiers attaching payments to one closing at once both count.
CREATE OR REPLACE FUNCTION closed_box_figures_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM closed_boxes WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  UPDATE closed_boxes cb SET transfer = f.transfer, point_of_sale = f.point_of_sale, commission = f.commission
  FROM (
    SELECT c.id,
      coalesce(sum(g.amount_payment) FILTER (WHERE g.method_type = 1), 0) AS transfer,
      coalesce(sum(g.amount_payment) FILTER (WHERE g.method_type = 2), 0) AS point_of_sale,
      coalesce(sum(g.commission), 0) AS commission
    FROM closed_boxes c LEFT JOIN closed_box_groups(ids) g ON g.closed_box_id = c.id
    WHERE c.id = ANY(ids)
    GROUP BY c.id
  ) f
  WHERE cb.id = f.id AND (cb.transfer, cb.point_of_sale, cb.commission) IS DISTINCT FROM (f.transfer, f.point_of_sale, f.commission);
END $$;
--> statement-breakpoint
-- The closings a statement on the payments touched: rows inserted or deleted in a closing, and
-- rows moved between closings or changed in what the figures read (method, terminal, lot, amount,
-- tax base, rate), on both their old and new closing.
CREATE OR REPLACE FUNCTION payments_closed_box_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.closed_box_id) INTO ids FROM new_rows n WHERE n.closed_box_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.closed_box_id) INTO ids FROM old_rows o WHERE o.closed_box_id IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT k.id) INTO ids
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.closed_box_id), (n.closed_box_id)) AS k(id)
    WHERE k.id IS NOT NULL
      AND (o.closed_box_id, o.payment_method_id, o.terminal, o.lot_number, o.amount_payment, o.tax_base, o.exchange_rate)
        IS DISTINCT FROM (n.closed_box_id, n.payment_method_id, n.terminal, n.lot_number, n.amount_payment, n.tax_base, n.exchange_rate);
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM closed_box_figures_refresh(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_closed_box_figures_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_closed_box_figures();
--> statement-breakpoint
CREATE TRIGGER payments_closed_box_figures_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_closed_box_figures();
--> statement-breakpoint
CREATE TRIGGER payments_closed_box_figures_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_closed_box_figures();
--> statement-breakpoint
-- A payment method's type decides which figure its payments count in; a closing's type, how its
-- commission is taken (the service fixes it at creation, the database keeps the figures right
-- whatever changes it).
CREATE OR REPLACE FUNCTION closed_box_figures_follow_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'closed_boxes' THEN
    PERFORM closed_box_figures_refresh(ARRAY[NEW.id]);
  ELSE
    PERFORM closed_box_figures_refresh(ARRAY(
      SELECT DISTINCT p.closed_box_id FROM payments p WHERE p.payment_method_id = NEW.id AND p.closed_box_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_methods_type_closed_box_figures AFTER UPDATE OF type ON payment_methods FOR EACH ROW
  WHEN (OLD.type IS DISTINCT FROM NEW.type) EXECUTE FUNCTION closed_box_figures_follow_type();
--> statement-breakpoint
CREATE TRIGGER closed_boxes_type_figures AFTER UPDATE OF type ON closed_boxes FOR EACH ROW
  WHEN (OLD.type IS DISTINCT FROM NEW.type) EXECUTE FUNCTION closed_box_figures_follow_type();
--> statement-breakpoint
SELECT closed_box_figures_refresh(ARRAY(SELECT id FROM closed_boxes));
