CREATE TABLE "fee_tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_type" smallint NOT NULL,
	"owner_id" integer NOT NULL,
	"effective_month" integer NOT NULL,
	"previous_fee" numeric(18, 2),
	"fee" numeric(18, 2),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fee_tariffs_owner_month_unique" ON "fee_tariffs" USING btree ("owner_type","owner_id","effective_month");--> statement-breakpoint
CREATE INDEX "fee_tariffs_month_idx" ON "fee_tariffs" USING btree ("effective_month");