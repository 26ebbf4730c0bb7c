CREATE TABLE "login_throttle" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "codes_sent" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "window_started_at" timestamp with time zone DEFAULT now() NOT NULL;