-- The client index covers what the addresses list's count and fee total read under a solvency
-- filter, so a search naming thousands of clients is an index-only read (tables.ts).
DROP INDEX "addresses_payments_client_idx";--> statement-breakpoint
CREATE INDEX "addresses_payments_client_idx" ON "addresses_payments" USING btree ("client_id","type","ledger_paid_through","ledger_pending","is_custom_fee","fee","community_id","economic_activity_id");