-- Payment counts per address move onto the address (payments_count) so the Con pagos / Sin pagos
-- filters are a column test; migration 0010 rewrites the triggers that keep it.
DROP TABLE "address_payment_counts" CASCADE;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD COLUMN "payments_count" integer DEFAULT 0 NOT NULL;