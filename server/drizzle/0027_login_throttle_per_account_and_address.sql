CREATE TABLE "login_throttle" (
	"scope" varchar(12) NOT NULL,
	"key" varchar(330) NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_throttle_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;