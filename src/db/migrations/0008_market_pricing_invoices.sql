CREATE TYPE "public"."invoice_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TABLE "invoice_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "invoice_counter_single_row" CHECK ("invoice_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "invoice_kind" DEFAULT 'invoice' NOT NULL,
	"order_id" uuid NOT NULL,
	"number" bigint NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"seller" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_excl_vat" bigint NOT NULL,
	"vat_total" bigint NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"qr" text NOT NULL,
	"refers_to" uuid,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"free_above" bigint,
	"cod_allowed" boolean DEFAULT true NOT NULL,
	"cod_fee" bigint DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_money_check" CHECK ("shipping_zones"."price" >= 0 AND "shipping_zones"."cod_fee" >= 0 AND coalesce("shipping_zones"."free_above", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"shop_name" text NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"vat_number" text,
	"address" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"prices_include_vat" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_single_row" CHECK ("store_settings"."id" = 1),
	CONSTRAINT "store_settings_vat_rate_check" CHECK ("store_settings"."vat_rate_basis_points" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_vat" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_uuid_key" ON "invoices" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_key" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_default_key" ON "shipping_zones" USING btree ("is_default") WHERE "shipping_zones"."is_default";--> statement-breakpoint
UPDATE "orders" SET "subtotal" = coalesce((SELECT sum("price" * "count") FROM "order_items" WHERE "order_items"."order_id" = "orders"."id"), "orders"."total_order_price");--> statement-breakpoint
UPDATE "orders" SET "discount" = greatest("subtotal" - "total_order_price", 0);
