CREATE TABLE "home_featured_categories" (
	"category_id" uuid PRIMARY KEY NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_featured_products" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_slides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image" text NOT NULL,
	"alt" text NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"position" integer NOT NULL,
	"active_from" timestamp with time zone,
	"active_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_slides_window" CHECK ("home_slides"."active_from" IS NULL OR "home_slides"."active_until" IS NULL OR "home_slides"."active_until" > "home_slides"."active_from")
);
--> statement-breakpoint
ALTER TABLE "home_featured_categories" ADD CONSTRAINT "home_featured_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_featured_products" ADD CONSTRAINT "home_featured_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_slides_position_idx" ON "home_slides" USING btree ("position");