ALTER TABLE "economic_activities" ADD COLUMN "late_fee_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "economic_activities" ADD COLUMN "late_fee_grace_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "economic_activities" ADD COLUMN "late_fee_cap_months" integer;--> statement-breakpoint
ALTER TABLE "economic_activities" ADD COLUMN "late_fee_cap_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "surcharge_usd" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "surcharge_waived_usd" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "surcharge_waiver_reason" text;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "late_fee_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "late_fee_grace_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "late_fee_cap_months" integer;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "late_fee_cap_percent" numeric(5, 2);