-- Written by hand (drizzle-kit does not write functions or triggers).
-- Issue 49: a closing's payment groups (method / terminal / lot / currency) come from the payments'
-- tender lines, so a payment of $ 10 in cash plus bolívares by Pago Móvil counts each line under
-- its own method and currency instead of wholly under its first line's method.
--
-- The lines of the given closings' payments: a payment paid in lines by its `payment_tenders`, one
-- paid in one method as one line of that method for what it brought (`amount_payment` plus change,
-- in the method's currency), as the closing's money per currency reads them. A line carries the
-- payment's terminal and lot when it is the payment's own method's (a one-method payment, or the
-- first line, whose rules asked for them) or a point-of-sale line (type 2): a cash line beside a
-- card has no terminal. The payment's bill, amount paid and tax base in bolívars are shared among
-- its lines by what each line is worth in bolívars (`amount_ves`), each share to the cent and the
-- first line taking what the rounding left, so the groups of a closing add up to its payments to
-- the cent and a one-method payment's group is what it was.
CREATE FUNCTION closed_box_lines(ids integer[]) RETURNS TABLE (
  closed_box_id integer, payment_id integer, "position" integer, payment_method_id integer, terminal varchar, lot_number varchar, currency varchar,
  name varchar, method_type smallint, amount numeric, amount_bill numeric, amount_payment numeric, tax_base_bs numeric
) LANGUAGE sql STABLE AS $$
  WITH lines AS (
    SELECT p.id AS payment_id, p.closed_box_id, p.terminal, p.lot_number, p.amount_bill, p.amount_payment, round(p.tax_base * p.exchange_rate, 2) AS tax_base_bs,
      p.change_amount_ves, p.exchange_rate, t.id IS NULL AS single, coalesce(t.position, 1)::int AS position,
      coalesce(t.payment_method_id, p.payment_method_id) AS payment_method_id, t.currency AS line_currency, t.amount AS line_amount,
      coalesce(t.amount_ves / nullif(sum(t.amount_ves) OVER (PARTITION BY p.id), 0), CASE WHEN coalesce(t.position, 1) = 1 THEN 1 ELSE 0 END) AS weight
    FROM payments p LEFT JOIN payment_tenders t ON t.payment_id = p.id
    WHERE p.closed_box_id = ANY(ids)
  ), shared AS (
    SELECT l.*, m.name, m.type AS method_type, coalesce(l.line_currency, m.currency) AS currency,
      CASE WHEN NOT l.single THEN l.line_amount
        WHEN m.currency = 'VES' THEN l.amount_payment + l.change_amount_ves
        ELSE round((l.amount_payment + l.change_amount_ves) / nullif(l.exchange_rate, 0), 2) END AS amount,
      round(l.amount_bill * l.weight, 2) AS bill_part, round(l.amount_payment * l.weight, 2) AS paid_part, round(l.tax_base_bs * l.weight, 2) AS base_part
    FROM lines l JOIN payment_methods m ON m.id = l.payment_method_id
  )
  SELECT s.closed_box_id, s.payment_id, s.position, s.payment_method_id,
    (CASE WHEN s.position = 1 OR s.method_type = 2 THEN s.terminal END)::varchar,
    (CASE WHEN s.position = 1 OR s.method_type = 2 THEN s.lot_number END)::varchar,
    s.currency::varchar, s.name::varchar, s.method_type, coalesce(s.amount, 0),
    CASE WHEN s.position = 1 THEN s.amount_bill - coalesce(sum(s.bill_part) FILTER (WHERE s.position > 1) OVER (PARTITION BY s.payment_id), 0) ELSE s.bill_part END,
    CASE WHEN s.position = 1 THEN s.amount_payment - coalesce(sum(s.paid_part) FILTER (WHERE s.position > 1) OVER (PARTITION BY s.payment_id), 0) ELSE s.paid_part END,
    CASE WHEN s.position = 1 THEN s.tax_base_bs - coalesce(sum(s.base_part) FILTER (WHERE s.position > 1) OVER (PARTITION BY s.payment_id), 0) ELSE s.base_part END
  FROM shared s
$$;
--> statement-breakpoint
-- The groups now carry their currency and the amount in it, so the function's columns change: it is
-- dropped and made again (closed_box_figures_refresh names it at run time only).
DROP FUNCTION closed_box_groups(integer[]);
--> statement-breakpoint
-- The payment groups of the given closings, from their lines, with the terminal commission of
-- spec 02 §9 for point-of-sale groups as migration 0024 defined it. `count_payments` counts a
-- payment once in each group it has a line in.
CREATE FUNCTION closed_box_groups(ids integer[]) RETURNS TABLE (
  closed_box_id integer, payment_method_id integer, terminal varchar, lot_number varchar, currency varchar, name varchar, method_type smallint,
  count_payments integer, amount_bill numeric, amount_payment numeric, amount_currency numeric, tax_base_bs numeric, commission numeric
) LANGUAGE sql STABLE AS $$
  SELECT g.closed_box_id, g.payment_method_id, g.terminal, g.lot_number, g.currency, g.name, g.method_type, g.count_payments, g.amount_bill, g.amount_payment,
    g.amount_currency, g.tax_base_bs,
    CASE WHEN g.method_type <> 2 THEN 0::numeric WHEN cb.type = 0 THEN round(g.amount_payment * 0.10, 2) ELSE round(g.tax_base_bs * 0.05, 2) END
  FROM (
    SELECT l.closed_box_id, l.payment_method_id, l.terminal, l.lot_number, l.currency, l.name, l.method_type,
      count(DISTINCT l.payment_id)::int AS count_payments, sum(l.amount_bill) AS amount_bill, sum(l.amount_payment) AS amount_payment,
      sum(l.amount) AS amount_currency, sum(l.tax_base_bs) AS tax_base_bs
    FROM closed_box_lines(ids) l
    GROUP BY l.closed_box_id, l.payment_method_id, l.terminal, l.lot_number, l.currency, l.name, l.method_type
  ) g JOIN closed_boxes cb ON cb.id = g.closed_box_id AND cb.id = ANY(ids)
$$;
--> statement-breakpoint
-- A payment's lines are written after the payment (and replaced on an edit): the closings of the
-- payments whose lines a statement wrote are recomputed as for a statement on the payments.
CREATE FUNCTION payment_tenders_closed_box_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT p.closed_box_id) INTO ids FROM new_rows n JOIN payments p ON p.id = n.payment_id WHERE p.closed_box_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT p.closed_box_id) INTO ids FROM old_rows o JOIN payments p ON p.id = o.payment_id WHERE p.closed_box_id IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT p.closed_box_id) INTO ids
    FROM (SELECT payment_id FROM old_rows UNION SELECT payment_id FROM new_rows) k JOIN payments p ON p.id = k.payment_id WHERE p.closed_box_id IS NOT NULL;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM closed_box_figures_refresh(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_tenders_closed_box_figures_insert AFTER INSERT ON payment_tenders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_tenders_closed_box_figures();
--> statement-breakpoint
CREATE TRIGGER payment_tenders_closed_box_figures_delete AFTER DELETE ON payment_tenders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_tenders_closed_box_figures();
--> statement-breakpoint
CREATE TRIGGER payment_tenders_closed_box_figures_update AFTER UPDATE ON payment_tenders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_tenders_closed_box_figures();
--> statement-breakpoint
-- A method's type change reaches the closings where it is a payment's method or one of its lines'.
CREATE OR REPLACE FUNCTION closed_box_figures_follow_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'closed_boxes' THEN
    PERFORM closed_box_figures_refresh(ARRAY[NEW.id]);
  ELSE
    PERFORM closed_box_figures_refresh(ARRAY(
      SELECT p.closed_box_id FROM payments p WHERE p.payment_method_id = NEW.id AND p.closed_box_id IS NOT NULL
      UNION
      SELECT p.closed_box_id FROM payment_tenders t JOIN payments p ON p.id = t.payment_id WHERE t.payment_method_id = NEW.id AND p.closed_box_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Closings that already hold payments paid in lines get their figures from the lines.
SELECT closed_box_figures_refresh(ARRAY(SELECT DISTINCT p.closed_box_id FROM payment_tenders t JOIN payments p ON p.id = t.payment_id WHERE p.closed_box_id IS NOT NULL));
