ALTER TABLE "outbox" ADD COLUMN "holds_secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_unredacted_secret_idx" ON "outbox" USING btree ("id") WHERE "outbox"."holds_secret" and "outbox"."redacted_at" is null;--> statement-breakpoint
-- Messages queued before this change, known by their templates: initial passwords (no expiry of
-- their own), reset links (60 minutes) and registration codes (5 minutes).
UPDATE "outbox" SET "holds_secret" = true,
  "secret_expires_at" = CASE "subject"
    WHEN 'Tu acceso a Recaudo' THEN NULL
    WHEN 'Restablecer tu contraseña de Recaudo' THEN "created_at" + interval '60 minutes'
    ELSE "created_at" + interval '5 minutes' END
WHERE "subject" IN ('Código de verificación de Recaudo', 'Restablecer tu contraseña de Recaudo', 'Tu acceso a Recaudo')
  OR ("channel" = 'sms' AND "body_text" LIKE 'Recaudo: tu código de verificación es %');
