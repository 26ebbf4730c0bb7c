ALTER TABLE "coupons" DROP CONSTRAINT "coupons_discount_check";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_discount_check" CHECK ("coupons"."discount" BETWEEN 0 AND 100);