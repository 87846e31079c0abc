CREATE TABLE "closed_boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"user_id" integer,
	"type" smallint DEFAULT 0 NOT NULL,
	"serie_id" integer,
	"checkbook_number" varchar(30),
	"lot_number" varchar(50),
	"reference" varchar(50),
	"exchange_rate" numeric(18, 2) NOT NULL,
	"file" text,
	"status" boolean DEFAULT true NOT NULL,
	"verify_payments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"count_bill" integer DEFAULT 0 NOT NULL,
	"total_bill" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"dollar_amount_bill" numeric(18, 2) DEFAULT '0' NOT NULL,
	"dollar_amount_payment" numeric(18, 2) DEFAULT '0' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "closed_boxes" ADD CONSTRAINT "closed_boxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_boxes" ADD CONSTRAINT "closed_boxes_serie_id_correlatives_id_fk" FOREIGN KEY ("serie_id") REFERENCES "public"."correlatives"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_boxes" ADD CONSTRAINT "closed_boxes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closed_boxes_date_idx" ON "closed_boxes" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "closed_boxes_created_idx" ON "closed_boxes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "closed_boxes_user_idx" ON "closed_boxes" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "closed_boxes_creator_idx" ON "closed_boxes" USING btree ("created_by","date");--> statement-breakpoint
CREATE INDEX "closed_boxes_reference_trgm_idx" ON "closed_boxes" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "closed_boxes_checkbook_trgm_idx" ON "closed_boxes" USING gin ("checkbook_number" gin_trgm_ops);--> statement-breakpoint
-- Written by hand below this line (drizzle-kit does not write these).
-- A payment points at an existing closing; deleting a closing frees its payments.
ALTER TABLE "payments" ADD CONSTRAINT "payments_closed_box_id_closed_boxes_id_fk" FOREIGN KEY ("closed_box_id") REFERENCES "public"."closed_boxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The 'Pagos' modal lists unclosed payments newest first; a closing's payments by closing.
CREATE INDEX "payments_not_closed_idx" ON "payments" USING btree ("created_at","id") WHERE "closed_box_id" IS NULL;--> statement-breakpoint
CREATE INDEX "payments_closed_box_group_idx" ON "payments" USING btree ("closed_box_id","payment_method_id","terminal","lot_number") WHERE "closed_box_id" IS NOT NULL;--> statement-breakpoint
-- The dashboard's and the users screen's per-user figures read closings by responsible user.
CREATE INDEX "closed_boxes_user_created_idx" ON "closed_boxes" USING btree ("user_id","created_at");--> statement-breakpoint
-- The sums of a closing's payments, kept in the transaction of every change to a payment.
CREATE OR REPLACE FUNCTION closed_box_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.closed_box_id IS NOT NULL THEN
    UPDATE closed_boxes SET
      count_bill = count_bill - 1,
      total_bill = total_bill - OLD.amount_bill,
      total = total - OLD.amount_payment,
      dollar_amount_bill = dollar_amount_bill - OLD.dollar_amount_bill,
      dollar_amount_payment = dollar_amount_payment - OLD.dollar_amount_payment
    WHERE id = OLD.closed_box_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.closed_box_id IS NOT NULL THEN
    UPDATE closed_boxes SET
      count_bill = count_bill + 1,
      total_bill = total_bill + NEW.amount_bill,
      total = total + NEW.amount_payment,
      dollar_amount_bill = dollar_amount_bill + NEW.dollar_amount_bill,
      dollar_amount_payment = dollar_amount_payment + NEW.dollar_amount_payment
    WHERE id = NEW.closed_box_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payments_closed_box_totals_insert_delete AFTER INSERT OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION closed_box_totals_apply();--> statement-breakpoint
CREATE TRIGGER payments_closed_box_totals_update AFTER UPDATE ON payments
  FOR EACH ROW WHEN (
    OLD.closed_box_id IS DISTINCT FROM NEW.closed_box_id
    OR OLD.amount_bill IS DISTINCT FROM NEW.amount_bill
    OR OLD.amount_payment IS DISTINCT FROM NEW.amount_payment
    OR OLD.dollar_amount_bill IS DISTINCT FROM NEW.dollar_amount_bill
    OR OLD.dollar_amount_payment IS DISTINCT FROM NEW.dollar_amount_payment
  ) EXECUTE FUNCTION closed_box_totals_apply();--> statement-breakpoint
-- Payloads too large for NOTIFY pass through this table (@socket.io/postgres-adapter).
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
  "id" bigserial UNIQUE,
  "created_at" timestamptz DEFAULT now(),
  "payload" bytea
);
