CREATE TYPE "public"."staff_action_kind" AS ENUM('settings.updated', 'shipping_zone.created', 'shipping_zone.updated', 'shipping_zone.deleted', 'refund.created', 'product.price_changed', 'staff.invited', 'staff.role_changed', 'staff.disabled', 'staff.enabled');--> statement-breakpoint
CREATE TYPE "public"."staff_action_subject" AS ENUM('settings', 'shipping_zone', 'order', 'product', 'user');--> statement-breakpoint
CREATE TABLE "staff_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" "staff_action_kind" NOT NULL,
	"subject_type" "staff_action_subject" NOT NULL,
	"subject_id" text,
	"subject_label" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_actions_created_idx" ON "staff_actions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "staff_actions_action_idx" ON "staff_actions" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "staff_actions_actor_idx" ON "staff_actions" USING btree ("actor_id","created_at");