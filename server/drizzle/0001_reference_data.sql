CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(4) NOT NULL,
	"name" varchar(150) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banks_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"value" numeric(18, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "configurations_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "correlatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"serie" varchar(20) NOT NULL,
	"number" varchar(20) NOT NULL,
	"number_credit_note" varchar(20) NOT NULL,
	"number_debit_note" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "correlatives_serie_unique" UNIQUE("serie")
);
--> statement-breakpoint
CREATE TABLE "activity_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "economic_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_group_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"code" varchar(30),
	"fee" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(4) NOT NULL,
	"description" text NOT NULL,
	"type" smallint NOT NULL,
	"image" varchar(255),
	"is_mobile_payment_use_api_bdv" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"parish_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"number_houses" integer DEFAULT 0 NOT NULL,
	"responsible_name" varchar(150),
	"responsible_phone" varchar(10),
	"fee" numeric(18, 2) NOT NULL,
	"date_start" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipalities" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parishes" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"date_start" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "economic_activities" ADD CONSTRAINT "economic_activities_activity_group_id_activity_groups_id_fk" FOREIGN KEY ("activity_group_id") REFERENCES "public"."activity_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "public"."parishes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parishes" ADD CONSTRAINT "parishes_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banks_name_idx" ON "banks" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_groups_name_unique" ON "activity_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "economic_activities_group_idx" ON "economic_activities" USING btree ("activity_group_id","name");--> statement-breakpoint
CREATE INDEX "economic_activities_name_idx" ON "economic_activities" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "economic_activities_code_unique" ON "economic_activities" USING btree ("code");--> statement-breakpoint
CREATE INDEX "payment_methods_name_idx" ON "payment_methods" USING btree ("name");--> statement-breakpoint
CREATE INDEX "payment_methods_type_idx" ON "payment_methods" USING btree ("type");--> statement-breakpoint
CREATE INDEX "communities_parish_idx" ON "communities" USING btree ("parish_id","name");--> statement-breakpoint
CREATE INDEX "communities_name_idx" ON "communities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "communities_fee_idx" ON "communities" USING btree ("fee");--> statement-breakpoint
CREATE INDEX "municipalities_state_idx" ON "municipalities" USING btree ("state_id","name");--> statement-breakpoint
CREATE INDEX "municipalities_name_idx" ON "municipalities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "parishes_municipality_idx" ON "parishes" USING btree ("municipality_id","name");--> statement-breakpoint
CREATE INDEX "parishes_name_idx" ON "parishes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "states_name_idx" ON "states" USING btree ("name");--> statement-breakpoint
CREATE INDEX "access_tokens_ip_prefix_idx" ON "access_tokens" USING btree ("ip" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_module_idx" ON "audit_logs" USING btree ("log_name","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_event_idx" ON "audit_logs" USING btree ("description","created_at");