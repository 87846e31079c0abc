CREATE TABLE "tickets_delivered" (
	"id" serial PRIMARY KEY NOT NULL,
	"tickets_payment_id" integer NOT NULL,
	"address_payment_id" integer NOT NULL,
	"payment_id" integer,
	"ticket_serial" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"color" varchar(7) DEFAULT '#000000' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"validity_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets_delivered" ADD CONSTRAINT "tickets_delivered_tickets_payment_id_tickets_payments_id_fk" FOREIGN KEY ("tickets_payment_id") REFERENCES "public"."tickets_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets_delivered" ADD CONSTRAINT "tickets_delivered_address_payment_id_addresses_payments_id_fk" FOREIGN KEY ("address_payment_id") REFERENCES "public"."addresses_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_delivered_address_idx" ON "tickets_delivered" USING btree ("address_payment_id");--> statement-breakpoint
CREATE INDEX "tickets_delivered_series_idx" ON "tickets_delivered" USING btree ("tickets_payment_id");--> statement-breakpoint
CREATE INDEX "tickets_delivered_payment_idx" ON "tickets_delivered" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_delivered_address_series_unique" ON "tickets_delivered" USING btree ("address_payment_id","tickets_payment_id") WHERE "tickets_delivered"."payment_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_payments_name_unique" ON "tickets_payments" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tickets_payments_created_idx" ON "tickets_payments" USING btree ("created_at","id");