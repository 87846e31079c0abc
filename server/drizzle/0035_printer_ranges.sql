CREATE TABLE "printer_ranges" (
	"type_document" varchar(2) PRIMARY KEY NOT NULL,
	"range_from" bigint NOT NULL,
	"range_to" bigint NOT NULL,
	"last_used" bigint NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "legal_documents_queued_idx" ON "legal_documents" USING btree ("id") WHERE "legal_documents"."status" is null;--> statement-breakpoint
CREATE INDEX "legal_documents_issued_idx" ON "legal_documents" USING btree ("issued_at");