CREATE TYPE "public"."product_status" AS ENUM('active', 'draft');--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" "product_status" DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_active_created_at_idx" ON "products" USING btree ("created_at","id") WHERE "products"."status" = 'active';--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_low_stock_threshold_check" CHECK ("store_settings"."low_stock_threshold" >= 0);