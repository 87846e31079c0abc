CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"position" bigint NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "chain_position" bigint;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "previous_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "audit_logs_chain_position_idx" ON "audit_logs" USING btree ("chain_position");--> statement-breakpoint
CREATE INDEX "audit_logs_unchained_idx" ON "audit_logs" USING btree ("id") WHERE chain_position is null;