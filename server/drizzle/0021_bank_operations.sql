CREATE TABLE "conciliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"user_id" integer,
	"reference" varchar(50) NOT NULL,
	"payment_date" date,
	"amount" numeric(18, 2),
	"origin_bank" varchar(4),
	"pay_phone" varchar(11),
	"success" boolean NOT NULL,
	"error_code" varchar(30),
	"error_message" text,
	"response_data" jsonb,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conciliations" ADD CONSTRAINT "conciliations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conciliations" ADD CONSTRAINT "conciliations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conciliations_processed_idx" ON "conciliations" USING btree ("processed_at","id");--> statement-breakpoint
CREATE INDEX "conciliations_client_idx" ON "conciliations" USING btree ("client_id","processed_at");--> statement-breakpoint
CREATE INDEX "conciliations_success_idx" ON "conciliations" USING btree ("success","processed_at");--> statement-breakpoint
CREATE INDEX "conciliations_error_code_idx" ON "conciliations" USING btree ("error_code","processed_at");--> statement-breakpoint
CREATE INDEX "conciliations_reference_trgm_idx" ON "conciliations" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "conciliations_movement_success_unique" ON "conciliations" USING btree ("origin_bank","payment_date","reference") WHERE "conciliations"."success";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_conciliation_id_conciliations_id_fk" FOREIGN KEY ("conciliation_id") REFERENCES "public"."conciliations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_conciliation_unique" ON "payments" USING btree ("conciliation_id") WHERE "payments"."conciliation_id" is not null;