CREATE TABLE "address_months" (
	"id" serial PRIMARY KEY NOT NULL,
	"address_payment_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"payment_id" integer,
	"pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"address" text NOT NULL,
	"state_id" integer,
	"municipality_id" integer,
	"parish_id" integer,
	"community_id" integer,
	"economic_activity_id" integer,
	"is_custom_fee" boolean DEFAULT false NOT NULL,
	"fee" numeric(18, 2),
	"date_start" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_months" ADD CONSTRAINT "address_months_address_payment_id_addresses_payments_id_fk" FOREIGN KEY ("address_payment_id") REFERENCES "public"."addresses_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD CONSTRAINT "addresses_payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD CONSTRAINT "addresses_payments_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD CONSTRAINT "addresses_payments_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD CONSTRAINT "addresses_payments_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "public"."parishes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD CONSTRAINT "addresses_payments_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses_payments" ADD CONSTRAINT "addresses_payments_economic_activity_id_economic_activities_id_fk" FOREIGN KEY ("economic_activity_id") REFERENCES "public"."economic_activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "address_months_address_month_unique" ON "address_months" USING btree ("address_payment_id","month");--> statement-breakpoint
CREATE INDEX "address_months_payment_idx" ON "address_months" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "addresses_payments_client_idx" ON "addresses_payments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "addresses_payments_type_idx" ON "addresses_payments" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "addresses_payments_community_idx" ON "addresses_payments" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "addresses_payments_activity_idx" ON "addresses_payments" USING btree ("economic_activity_id");--> statement-breakpoint
CREATE INDEX "addresses_payments_parish_idx" ON "addresses_payments" USING btree ("parish_id");