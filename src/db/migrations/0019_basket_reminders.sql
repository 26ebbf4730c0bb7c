CREATE TABLE "basket_reminders" (
	"cart_id" uuid PRIMARY KEY NOT NULL,
	"basket_changed_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "basket_reminders_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "basket_reminder_delay_hours" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminders_unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "basket_reminders" ADD CONSTRAINT "basket_reminders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_basket_reminder_delay_check" CHECK ("store_settings"."basket_reminder_delay_hours" BETWEEN 1 AND 72);