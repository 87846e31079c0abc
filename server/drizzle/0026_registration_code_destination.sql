ALTER TABLE "verification_codes" ADD COLUMN "destination" varchar(255);--> statement-breakpoint
-- Codes sent before this change went to the e-mail the person typed.
UPDATE "verification_codes" SET "destination" = "email";--> statement-breakpoint
ALTER TABLE "verification_codes" ALTER COLUMN "destination" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_codes_ip_idx" ON "verification_codes" USING btree ("ip","expires_at");