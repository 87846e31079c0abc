-- Payment reads (issue 6): a date range of payments (dates_payment, dates_bill) answers the newest-first
-- page from the index alone, without reading and sorting every payment of the range.
DROP INDEX "payments_date_payment_idx";--> statement-breakpoint
DROP INDEX "payments_date_bill_idx";--> statement-breakpoint
CREATE INDEX "payments_date_payment_idx" ON "payments" USING btree ("date_payment","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_date_bill_idx" ON "payments" USING btree ("date_bill","created_at","id");