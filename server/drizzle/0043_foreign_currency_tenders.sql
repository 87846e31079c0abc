CREATE TABLE "payment_tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"payment_method_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"amount_ves" numeric(18, 2) NOT NULL,
	"reference" varchar(50),
	"bank_id" integer,
	"pay_phone" varchar(20),
	"conciliation_id" integer
);
--> statement-breakpoint
ALTER TABLE "closed_boxes" ADD COLUMN "counted_cash" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD COLUMN "igtf" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "currency" varchar(3) DEFAULT 'VES' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "is_igtf" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "change_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "change_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "change_amount_ves" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "igtf_rate" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "igtf_base" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "igtf_currency_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "igtf_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_tenders" ADD CONSTRAINT "payment_tenders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tenders" ADD CONSTRAINT "payment_tenders_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tenders" ADD CONSTRAINT "payment_tenders_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tenders" ADD CONSTRAINT "payment_tenders_conciliation_id_conciliations_id_fk" FOREIGN KEY ("conciliation_id") REFERENCES "public"."conciliations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_tenders_payment_position_unique" ON "payment_tenders" USING btree ("payment_id","position");--> statement-breakpoint
CREATE INDEX "payment_tenders_method_idx" ON "payment_tenders" USING btree ("payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_tenders_conciliation_unique" ON "payment_tenders" USING btree ("conciliation_id") WHERE "payment_tenders"."conciliation_id" is not null;--> statement-breakpoint
-- Installations that existed before issue 49 get the foreign-currency methods once (a new one gets them from the seed, after ids 1–4).
INSERT INTO "payment_methods" ("name", "code", "type", "description", "currency", "is_igtf")
SELECT m.name, '0000', m.type, m.description, m.currency, true
FROM (VALUES ('Efectivo dólares', 4, 'Dólares en efectivo en taquilla', 'USD'),
             ('Zelle', 1, 'Transferencia Zelle en dólares', 'USD'),
             ('Efectivo euros', 4, 'Euros en efectivo en taquilla', 'EUR')) AS m(name, type, description, currency)
WHERE EXISTS (SELECT 1 FROM "payment_methods" WHERE "id" = 1)
  AND NOT EXISTS (SELECT 1 FROM "payment_methods" p WHERE p.name = m.name);
