CREATE TABLE "invoice_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"legal_document_id" integer,
	"endpoint" varchar(60) NOT NULL,
	"message" text NOT NULL,
	"code" varchar(10) NOT NULL,
	"validations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"type_document" varchar(2) NOT NULL,
	"serie_id" integer NOT NULL,
	"serie" varchar(20) NOT NULL,
	"number_document" varchar(20) NOT NULL,
	"transaction_id" varchar(40) NOT NULL,
	"status" smallint,
	"control_number" varchar(20),
	"url" text,
	"message" text,
	"notes" text,
	"payment_method_id" integer,
	"date_payment" date,
	"reference" varchar(50),
	"terminal" varchar(50),
	"lot_number" varchar(50),
	"tax_base" numeric(18, 2) NOT NULL,
	"iva" numeric(18, 2) NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"created_by" integer,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue" varchar(40) NOT NULL,
	"key" varchar(100) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "status_invoice_factory" smallint DEFAULT 900;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "factory_response" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "url_factory" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "apply_invoice_factory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "is_retention_apply_success" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "date_withholding_voucher" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "number_withholding_voucher" varchar(20);--> statement-breakpoint
ALTER TABLE "invoice_records" ADD CONSTRAINT "invoice_records_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_records" ADD CONSTRAINT "invoice_records_legal_document_id_legal_documents_id_fk" FOREIGN KEY ("legal_document_id") REFERENCES "public"."legal_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_serie_id_correlatives_id_fk" FOREIGN KEY ("serie_id") REFERENCES "public"."correlatives"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_records_payment_idx" ON "invoice_records" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_number_unique" ON "legal_documents" USING btree ("serie_id","type_document","number_document");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_transaction_unique" ON "legal_documents" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "legal_documents_payment_idx" ON "legal_documents" USING btree ("payment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_queue_key_unique" ON "jobs" USING btree ("queue","key");--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("queue","status","next_attempt_at");