CREATE TABLE "account_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"address_payment_id" integer,
	"months_owed" smallint NOT NULL,
	"owed_usd" numeric(18, 2) NOT NULL,
	"owed_bs" numeric(18, 2) NOT NULL,
	"dollar_rate" varchar(32) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_statements" ADD CONSTRAINT "account_statements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_statements" ADD CONSTRAINT "account_statements_address_payment_id_addresses_payments_id_fk" FOREIGN KEY ("address_payment_id") REFERENCES "public"."addresses_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_statements" ADD CONSTRAINT "account_statements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_statements_hash_unique" ON "account_statements" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "account_statements_client_idx" ON "account_statements" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "account_statements_address_idx" ON "account_statements" USING btree ("address_payment_id");