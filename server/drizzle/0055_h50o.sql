ALTER TABLE "fee_tariffs" ADD COLUMN "previous_inherited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_tariffs" ADD COLUMN "inherited" boolean DEFAULT false NOT NULL;