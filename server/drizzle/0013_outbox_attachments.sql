-- Attachments of outgoing e-mails (the payment receipt's PDF) and the payment counts per payment
-- method. drizzle-kit wrote the tables and the index; the function, the trigger function and the
-- backfill at the end are written by hand (drizzle-kit does not model them): keep them when
-- regenerating.
CREATE TABLE "outbox_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"outbox_id" integer NOT NULL,
	"filename" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method_payment_counts" (
	"payment_method_id" integer PRIMARY KEY NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_payment_counts" ADD CONSTRAINT "payment_method_payment_counts_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_attachments_outbox_idx" ON "outbox_attachments" USING btree ("outbox_id");
--> statement-breakpoint
-- Adds one per entry of `added` and takes one per entry of `removed` from the counts of those
-- payment methods, netted per method in one statement; rows are locked in id order, so concurrent
-- writers queue instead of deadlocking (a change of method moves a payment in one step).
CREATE OR REPLACE FUNCTION payment_method_counts_add(added integer[], removed integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO payment_method_payment_counts AS c (payment_method_id, payments)
    SELECT d.method, sum(d.delta) FROM (
      SELECT a AS method, 1 AS delta FROM unnest(added) AS a
      UNION ALL
      SELECT r, -1 FROM unnest(removed) AS r
    ) AS d
    GROUP BY d.method HAVING sum(d.delta) <> 0 ORDER BY d.method
    ON CONFLICT (payment_method_id) DO UPDATE SET payments = c.payments + excluded.payments;
$$;
--> statement-breakpoint
-- The payments' count trigger function of migration 0007 (payment_counts_add is migration 0010's),
-- now also keeping the counts per payment method: inserted payments count, deleted ones stop
-- counting, a payment whose method changes moves its count.
CREATE OR REPLACE FUNCTION payments_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM payment_counts_add(ARRAY(SELECT address_payment_id FROM new_rows), ARRAY(SELECT serie_id FROM new_rows), 1);
    PERFORM payment_method_counts_add(ARRAY(SELECT payment_method_id FROM new_rows), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM payment_counts_add(ARRAY(SELECT address_payment_id FROM old_rows), ARRAY(SELECT serie_id FROM old_rows), -1);
    PERFORM payment_method_counts_add('{}', ARRAY(SELECT payment_method_id FROM old_rows));
  ELSE
    PERFORM payment_counts_add(
      ARRAY(SELECT o.address_payment_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.address_payment_id <> n.address_payment_id),
      ARRAY(SELECT o.serie_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.serie_id IS DISTINCT FROM n.serie_id), -1);
    PERFORM payment_counts_add(
      ARRAY(SELECT n.address_payment_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.address_payment_id <> n.address_payment_id),
      ARRAY(SELECT n.serie_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.serie_id IS DISTINCT FROM n.serie_id), 1);
    PERFORM payment_method_counts_add(
      ARRAY(SELECT n.payment_method_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.payment_method_id <> n.payment_method_id),
      ARRAY(SELECT o.payment_method_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.payment_method_id <> n.payment_method_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO payment_method_payment_counts (payment_method_id, payments) SELECT payment_method_id, count(*) FROM payments GROUP BY payment_method_id;
