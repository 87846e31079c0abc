CREATE TABLE "exchange_rate_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cause" varchar(16) NOT NULL,
	"day" date NOT NULL,
	"detail" text NOT NULL,
	"read" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" varchar(3) NOT NULL,
	"rate" numeric(20, 8) NOT NULL,
	"value_date" date NOT NULL,
	"source" varchar(8) NOT NULL,
	"reason" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rate_value_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rate_source" varchar(8);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rate_reason" text;--> statement-breakpoint
ALTER TABLE "exchange_rate_alerts" ADD CONSTRAINT "exchange_rate_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rate_alerts_once" ON "exchange_rate_alerts" USING btree ("cause","day");--> statement-breakpoint
CREATE INDEX "exchange_rate_alerts_open" ON "exchange_rate_alerts" USING btree ("created_at" DESC NULLS LAST) WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_bcv_once" ON "exchange_rates" USING btree ("currency","value_date") WHERE source = 'bcv';--> statement-breakpoint
CREATE INDEX "exchange_rates_in_force" ON "exchange_rates" USING btree ("currency","value_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exchange_rates_listed" ON "exchange_rates" USING btree ("value_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Issue 47: the rates an administrator had typed before the history become its first (manual) rates, of the day of the upgrade.
INSERT INTO "exchange_rates" ("currency", "rate", "value_date", "source", "reason")
SELECT CASE "name" WHEN 'update_dollar_rate' THEN 'USD' ELSE 'EUR' END, "value", ("updated_at" at time zone 'America/Caracas')::date, 'manual', 'Tasa configurada antes del historial de tasas'
FROM "configurations" WHERE "name" IN ('update_dollar_rate', 'update_euro_rate') AND "value" > 0;
