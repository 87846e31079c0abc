DROP INDEX "addresses_payments_type_idx";--> statement-breakpoint
DROP INDEX "access_tokens_created_idx";--> statement-breakpoint
DROP INDEX "clients_type_idx";--> statement-breakpoint
DROP INDEX "clients_created_idx";--> statement-breakpoint
DROP INDEX "audit_logs_created_idx";--> statement-breakpoint
CREATE INDEX "addresses_payments_type_order_idx" ON "addresses_payments" USING btree ("type","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "addresses_payments_order_idx" ON "addresses_payments" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "access_tokens_order_idx" ON "access_tokens" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "clients_type_order_idx" ON "clients" USING btree ("type","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "clients_order_idx" ON "clients" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_logs_order_idx" ON "audit_logs" USING btree ("created_at" DESC NULLS FIRST,"id");