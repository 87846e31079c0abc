-- Payment counts per economic activity, and the triggers that keep every payment count in step
-- (addresses_payments.payments_count, activity_payment_counts, serie_payment_counts). drizzle-kit
-- wrote the table; the functions, triggers and backfill below are written by hand (drizzle-kit
-- does not model them): keep them when regenerating.
CREATE TABLE "activity_payment_counts" (
	"economic_activity_id" integer PRIMARY KEY NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_payment_counts" ADD CONSTRAINT "activity_payment_counts_economic_activity_id_economic_activities_id_fk" FOREIGN KEY ("economic_activity_id") REFERENCES "public"."economic_activities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Adds `delta` per entry to the counts of the given addresses (and their current activities) and
-- series (null series are skipped). Rows are taken in id order, so concurrent writers queue
-- instead of deadlocking.
CREATE OR REPLACE FUNCTION payment_counts_add(addresses integer[], series integer[], delta integer) RETURNS void LANGUAGE sql AS $$
  UPDATE addresses_payments ap SET payments_count = ap.payments_count + d.n
    FROM (SELECT a, delta * count(*) AS n FROM unnest(addresses) AS a GROUP BY a ORDER BY a) AS d
    WHERE ap.id = d.a;
  INSERT INTO activity_payment_counts AS c (economic_activity_id, payments)
    SELECT ap.economic_activity_id, delta * count(*) FROM unnest(addresses) AS a JOIN addresses_payments ap ON ap.id = a
    WHERE ap.economic_activity_id IS NOT NULL GROUP BY ap.economic_activity_id ORDER BY ap.economic_activity_id
    ON CONFLICT (economic_activity_id) DO UPDATE SET payments = c.payments + excluded.payments;
  INSERT INTO serie_payment_counts AS c (serie_id, payments)
    SELECT s, delta * count(*) FROM unnest(series) AS s WHERE s IS NOT NULL GROUP BY s ORDER BY s
    ON CONFLICT (serie_id) DO UPDATE SET payments = c.payments + excluded.payments;
$$;
--> statement-breakpoint
-- An address that changes its economic activity takes its payments' count along.
CREATE OR REPLACE FUNCTION address_activity_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.payments_count <> 0 THEN
    IF OLD.economic_activity_id IS NOT NULL THEN
      UPDATE activity_payment_counts SET payments = payments - NEW.payments_count WHERE economic_activity_id = OLD.economic_activity_id;
    END IF;
    IF NEW.economic_activity_id IS NOT NULL THEN
      INSERT INTO activity_payment_counts AS c (economic_activity_id, payments) VALUES (NEW.economic_activity_id, NEW.payments_count)
        ON CONFLICT (economic_activity_id) DO UPDATE SET payments = c.payments + excluded.payments;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER addresses_payments_activity_counts AFTER UPDATE OF economic_activity_id ON addresses_payments FOR EACH ROW
  WHEN (OLD.economic_activity_id IS DISTINCT FROM NEW.economic_activity_id) EXECUTE FUNCTION address_activity_counts();
--> statement-breakpoint
UPDATE addresses_payments ap SET payments_count = c.n FROM (SELECT address_payment_id, count(*)::int AS n FROM payments GROUP BY address_payment_id) AS c WHERE ap.id = c.address_payment_id;
--> statement-breakpoint
INSERT INTO activity_payment_counts (economic_activity_id, payments)
  SELECT economic_activity_id, sum(payments_count) FROM addresses_payments WHERE economic_activity_id IS NOT NULL AND payments_count > 0 GROUP BY economic_activity_id;
