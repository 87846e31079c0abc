ALTER TABLE "backup_runs" ALTER COLUMN "tick_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD COLUMN "kind" text DEFAULT 'scheduled' NOT NULL;