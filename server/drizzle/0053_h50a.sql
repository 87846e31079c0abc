CREATE TABLE "installments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_agreement_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount_usd" numeric(18, 2) NOT NULL,
	"paid_usd" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_agreement_months" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_agreement_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"price_usd" numeric(18, 2) NOT NULL,
	"surcharge_usd" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"address_payment_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'current' NOT NULL,
	"debt_usd" numeric(18, 2) NOT NULL,
	"surcharge_usd" numeric(18, 2) DEFAULT '0' NOT NULL,
	"down_payment_usd" numeric(18, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_agreement_id" integer;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_payment_agreement_id_payment_agreements_id_fk" FOREIGN KEY ("payment_agreement_id") REFERENCES "public"."payment_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_agreement_months" ADD CONSTRAINT "payment_agreement_months_payment_agreement_id_payment_agreements_id_fk" FOREIGN KEY ("payment_agreement_id") REFERENCES "public"."payment_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_agreements" ADD CONSTRAINT "payment_agreements_address_payment_id_addresses_payments_id_fk" FOREIGN KEY ("address_payment_id") REFERENCES "public"."addresses_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_agreements" ADD CONSTRAINT "payment_agreements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_agreements" ADD CONSTRAINT "payment_agreements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "installments_agreement_number_unique" ON "installments" USING btree ("payment_agreement_id","number");--> statement-breakpoint
CREATE INDEX "installments_due_idx" ON "installments" USING btree ("due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_agreement_months_unique" ON "payment_agreement_months" USING btree ("payment_agreement_id","month");--> statement-breakpoint
CREATE INDEX "payment_agreements_client_idx" ON "payment_agreements" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "payment_agreements_address_idx" ON "payment_agreements" USING btree ("address_payment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_agreements_current_unique" ON "payment_agreements" USING btree ("address_payment_id") WHERE "payment_agreements"."status" = 'current';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_agreement_id_payment_agreements_id_fk" FOREIGN KEY ("payment_agreement_id") REFERENCES "public"."payment_agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_agreement_idx" ON "payments" USING btree ("payment_agreement_id") WHERE "payments"."payment_agreement_id" is not null;