ALTER TABLE "addresses_payments" ADD COLUMN "own_fee_history" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_tariffs" ADD COLUMN "previous_inherited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_tariffs" ADD COLUMN "inherited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Addresses whose own fee already changed (migration 0051) keep reading their changes.
UPDATE "addresses_payments" SET "own_fee_history" = true WHERE "id" IN (SELECT "owner_id" FROM "fee_tariffs" WHERE "owner_type" = 2);
