ALTER TABLE "account_statements" ADD COLUMN "dollar_rate_value_date" date;--> statement-breakpoint
ALTER TABLE "account_statements" ADD COLUMN "dollar_rate_source" varchar(8);