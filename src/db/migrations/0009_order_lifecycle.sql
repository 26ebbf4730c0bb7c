CREATE TYPE "public"."order_actor" AS ENUM('customer', 'admin', 'system');--> statement-breakpoint
CREATE TYPE "public"."order_event_kind" AS ENUM('created', 'status', 'payment', 'refund');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending', 'processing', 'shipped', 'delivered', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('unpaid', 'paid', 'partially_refunded', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('due', 'done');--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_id" uuid,
	"actor_role" "order_actor" NOT NULL,
	"kind" "order_event_kind" NOT NULL,
	"from_status" "order_status",
	"to_status" "order_status",
	"payment_status" "payment_status",
	"note" text,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"amount" bigint
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" "refund_status" DEFAULT 'due' NOT NULL,
	"provider" text,
	"provider_refund_id" text,
	"idempotency_key" text,
	"request_hash" text,
	"restock" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credit_note_id" uuid,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "restocked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" "order_status" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" "payment_status" DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
-- Existing orders take the state their two flags said (docs/orders.md § Orders made before the lifecycle).
UPDATE "orders" SET
	"status" = CASE WHEN "is_delivered" THEN 'delivered'::"order_status" ELSE 'pending'::"order_status" END,
	"payment_status" = CASE WHEN "is_paid" THEN 'paid'::"payment_status" ELSE 'unpaid'::"payment_status" END;--> statement-breakpoint
-- Their history starts with their creation, and their delivery when it was recorded.
INSERT INTO "order_events" ("order_id", "at", "actor_role", "kind", "to_status", "payment_status")
	SELECT "id", "created_at", 'system', 'created', 'pending', CASE WHEN "is_paid" THEN 'paid'::"payment_status" ELSE 'unpaid'::"payment_status" END FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "at", "actor_role", "kind", "from_status", "to_status")
	SELECT "id", coalesce("delivered_at", "updated_at"), 'admin', 'status', 'pending', 'delivered' FROM "orders" WHERE "is_delivered";--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'due';--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_restocked_check" CHECK ("order_items"."restocked" BETWEEN 0 AND "order_items"."count");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("orders"."refunded_amount" BETWEEN 0 AND "orders"."total_order_price");