ALTER TABLE "checkout_sessions" ADD COLUMN "lines" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "coupon_name" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "failure_reason" text;