CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tick_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"name" text,
	"size" bigint,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "backup_runs_tick_at_unique" UNIQUE("tick_at")
);
