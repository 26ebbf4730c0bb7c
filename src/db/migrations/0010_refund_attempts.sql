ALTER TABLE "checkout_sessions" ADD COLUMN "refund_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempted_at" timestamp with time zone;