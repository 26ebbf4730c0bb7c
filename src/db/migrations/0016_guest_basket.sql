ALTER TABLE "carts" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "guest_key_hash" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "guest_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "carts_guest_expires_idx" ON "carts" USING btree ("guest_expires_at") WHERE "carts"."guest_expires_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_guest_key" UNIQUE("guest_key_hash");--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_owner_check" CHECK (("carts"."user_id" IS NOT NULL AND "carts"."guest_key_hash" IS NULL AND "carts"."guest_expires_at" IS NULL) OR ("carts"."user_id" IS NULL AND "carts"."guest_key_hash" IS NOT NULL AND "carts"."guest_expires_at" IS NOT NULL));