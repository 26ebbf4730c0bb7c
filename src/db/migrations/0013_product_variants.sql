CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"sku" text NOT NULL,
	"barcode" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" bigint NOT NULL,
	"price_after_discount" bigint,
	"quantity" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_quantity_check" CHECK ("product_variants"."quantity" >= 0),
	CONSTRAINT "product_variants_sold_check" CHECK ("product_variants"."sold" >= 0),
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price" > 0),
	CONSTRAINT "product_variants_price_after_discount_check" CHECK ("product_variants"."price_after_discount" IS NULL OR ("product_variants"."price_after_discount" >= 0 AND "product_variants"."price_after_discount" < "product_variants"."price"))
);
--> statement-breakpoint
DROP INDEX "cart_items_line_key";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Every product so far becomes one default variant with its stock, sales and prices (docs/variants.md).
INSERT INTO "product_variants" ("product_id", "sku", "price", "price_after_discount", "quantity", "sold", "created_at")
SELECT "id", 'MJ-' || upper(substr(replace("id"::text, '-', ''), 1, 16)), "price", "price_after_discount", "quantity", "sold", "created_at"
FROM "products";--> statement-breakpoint
UPDATE "cart_items" SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = "cart_items"."product_id";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
UPDATE "order_items" SET "variant_id" = v."id", "sku" = v."sku" FROM "product_variants" v WHERE v."product_id" = "order_items"."product_id";--> statement-breakpoint
UPDATE "checkout_sessions" SET "lines" = (
  SELECT coalesce(jsonb_agg(line || jsonb_build_object('variantId', v."id", 'sku', coalesce(v."sku", ''), 'options', '{}'::jsonb) ORDER BY l.n), '[]'::jsonb)
  FROM jsonb_array_elements("checkout_sessions"."lines") WITH ORDINALITY AS l(line, n)
  LEFT JOIN "product_variants" v ON v."product_id"::text = line->>'productId'
);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "product_variants_barcode_idx" ON "product_variants" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "product_variants_options_idx" ON "product_variants" USING gin ("options" jsonb_path_ops);--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_line_key" ON "cart_items" USING btree ("cart_id","variant_id","color");