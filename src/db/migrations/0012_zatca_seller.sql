ALTER TABLE "invoices" ADD COLUMN "payment_means" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "seller_id_scheme" text DEFAULT 'CRN' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "seller_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "building_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "district" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "additional_number" text DEFAULT '' NOT NULL;