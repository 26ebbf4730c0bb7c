CREATE TYPE "public"."review_moderation_action" AS ENUM('hidden', 'shown', 'deleted');--> statement-breakpoint
CREATE TABLE "review_moderations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_title" text NOT NULL,
	"author_name" text NOT NULL,
	"review" text NOT NULL,
	"rating" numeric(2, 1) NOT NULL,
	"action" "review_moderation_action" NOT NULL,
	"reason" text,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "review_moderations" ADD CONSTRAINT "review_moderations_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_moderations_created_idx" ON "review_moderations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");