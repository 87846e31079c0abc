CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"months_owed" integer NOT NULL,
	"owed_usd" numeric(18, 2) NOT NULL,
	"owed_bs" numeric(18, 2) NOT NULL,
	"email" varchar(255),
	"sms" varchar(20),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "reminders_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_client_period_unique" ON "reminders" USING btree ("client_id","period");