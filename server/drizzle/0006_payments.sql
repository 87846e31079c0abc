CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"address_payment_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	"bank_id" integer,
	"serie_id" integer,
	"status" smallint NOT NULL,
	"type_document" varchar(2) DEFAULT '01' NOT NULL,
	"number_correlative" varchar(20),
	"number" varchar(20),
	"checkbook_number" varchar(30),
	"date_payment" date NOT NULL,
	"date_bill" date,
	"exchange_rate" numeric(18, 2) NOT NULL,
	"exchange_rate_id" smallint DEFAULT 1 NOT NULL,
	"amount_payment" numeric(18, 2) NOT NULL,
	"amount_bill" numeric(18, 2) NOT NULL,
	"dollar_amount_payment" numeric(18, 2) NOT NULL,
	"dollar_amount_bill" numeric(18, 2) NOT NULL,
	"tax_base" numeric(18, 2) NOT NULL,
	"iva" numeric(18, 2) NOT NULL,
	"is_apply_retention" boolean DEFAULT false NOT NULL,
	"retention" numeric(18, 2) NOT NULL,
	"reference" varchar(50),
	"terminal" varchar(50),
	"lot_number" varchar(50),
	"observations" text,
	"notes" text,
	"type_payment_month" smallint DEFAULT 0 NOT NULL,
	"months_payment" varchar(7)[] NOT NULL,
	"send_invoice" boolean DEFAULT false NOT NULL,
	"bdv_verified" boolean DEFAULT false NOT NULL,
	"conciliation_id" integer,
	"closed_box_id" integer,
	"tickets_payment_id" integer,
	"ticket_serial" varchar(50),
	"files" text[] DEFAULT '{}'::text[] NOT NULL,
	"hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_address_payment_id_addresses_payments_id_fk" FOREIGN KEY ("address_payment_id") REFERENCES "public"."addresses_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_serie_id_correlatives_id_fk" FOREIGN KEY ("serie_id") REFERENCES "public"."correlatives"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tickets_payment_id_tickets_payments_id_fk" FOREIGN KEY ("tickets_payment_id") REFERENCES "public"."tickets_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_hash_unique" ON "payments" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_serie_correlative_unique" ON "payments" USING btree ("serie_id","type_document","number_correlative");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_client_idx" ON "payments" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_address_idx" ON "payments" USING btree ("address_payment_id");--> statement-breakpoint
CREATE INDEX "payments_creator_idx" ON "payments" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payments_method_idx" ON "payments" USING btree ("payment_method_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_serie_idx" ON "payments" USING btree ("serie_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_date_payment_idx" ON "payments" USING btree ("date_payment");--> statement-breakpoint
CREATE INDEX "payments_date_bill_idx" ON "payments" USING btree ("date_bill");--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payments_number_idx" ON "payments" USING btree ("number");--> statement-breakpoint
CREATE INDEX "payments_closed_box_idx" ON "payments" USING btree ("closed_box_id");--> statement-breakpoint
ALTER TABLE "address_months" ADD CONSTRAINT "address_months_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets_delivered" ADD CONSTRAINT "tickets_delivered_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;