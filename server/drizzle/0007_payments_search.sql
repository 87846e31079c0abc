-- Payment reads (issue 6): contains-search and filter indexes of the payments lists, and the
-- payment counts per address and per series. drizzle-kit wrote the tables and indexes; the
-- functions, triggers and backfill at the end are written by hand (drizzle-kit does not model
-- them): keep them when regenerating.
CREATE TABLE "address_payment_counts" (
	"address_payment_id" integer PRIMARY KEY NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serie_payment_counts" (
	"serie_id" integer PRIMARY KEY NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_payment_counts" ADD CONSTRAINT "address_payment_counts_address_payment_id_addresses_payments_id_fk" FOREIGN KEY ("address_payment_id") REFERENCES "public"."addresses_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serie_payment_counts" ADD CONSTRAINT "serie_payment_counts_serie_id_correlatives_id_fk" FOREIGN KEY ("serie_id") REFERENCES "public"."correlatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_reference_trgm_idx" ON "payments" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_number_trgm_idx" ON "payments" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_number_correlative_trgm_idx" ON "payments" USING gin ("number_correlative" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_type_document_idx" ON "payments" USING btree ("type_document","created_at");--> statement-breakpoint
CREATE INDEX "payments_checkbook_idx" ON "payments" USING btree ("checkbook_number");--> statement-breakpoint
CREATE INDEX "payments_terminal_idx" ON "payments" USING btree ("terminal");--> statement-breakpoint
CREATE INDEX "payments_lot_idx" ON "payments" USING btree ("lot_number");
--> statement-breakpoint
-- Adds `delta` to the counts of the given addresses and series (one entry per payment; null
-- series are skipped). Rows are locked in id order, so concurrent writers cannot deadlock here.
CREATE OR REPLACE FUNCTION payment_counts_add(addresses integer[], series integer[], delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO address_payment_counts AS c (address_payment_id, payments)
    SELECT a, delta * count(*) FROM unnest(addresses) AS a GROUP BY a ORDER BY a
    ON CONFLICT (address_payment_id) DO UPDATE SET payments = c.payments + excluded.payments;
  INSERT INTO serie_payment_counts AS c (serie_id, payments)
    SELECT s, delta * count(*) FROM unnest(series) AS s WHERE s IS NOT NULL GROUP BY s ORDER BY s
    ON CONFLICT (serie_id) DO UPDATE SET payments = c.payments + excluded.payments;
$$;
--> statement-breakpoint
-- Any statement on payments: inserted rows count, deleted rows stop counting, a payment moved to
-- another address or series moves its count.
CREATE OR REPLACE FUNCTION payments_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM payment_counts_add(ARRAY(SELECT address_payment_id FROM new_rows), ARRAY(SELECT serie_id FROM new_rows), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM payment_counts_add(ARRAY(SELECT address_payment_id FROM old_rows), ARRAY(SELECT serie_id FROM old_rows), -1);
  ELSE
    PERFORM payment_counts_add(
      ARRAY(SELECT o.address_payment_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.address_payment_id <> n.address_payment_id),
      ARRAY(SELECT o.serie_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.serie_id IS DISTINCT FROM n.serie_id), -1);
    PERFORM payment_counts_add(
      ARRAY(SELECT n.address_payment_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.address_payment_id <> n.address_payment_id),
      ARRAY(SELECT n.serie_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.serie_id IS DISTINCT FROM n.serie_id), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_counts_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_counts();
--> statement-breakpoint
CREATE TRIGGER payments_counts_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_counts();
--> statement-breakpoint
CREATE TRIGGER payments_counts_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_counts();
--> statement-breakpoint
INSERT INTO address_payment_counts (address_payment_id, payments) SELECT address_payment_id, count(*) FROM payments GROUP BY address_payment_id;
--> statement-breakpoint
INSERT INTO serie_payment_counts (serie_id, payments) SELECT serie_id, count(*) FROM payments WHERE serie_id IS NOT NULL GROUP BY serie_id;
