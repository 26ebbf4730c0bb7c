CREATE TYPE "public"."reporting_status" AS ENUM('pending', 'reported', 'reported_with_warnings', 'rejected');--> statement-breakpoint
CREATE TABLE "e_invoicing" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"unit_serial" text,
	"pending_environment" text,
	"pending_key" text,
	"pending_csr" text,
	"compliance_request_id" text,
	"compliance_token" text,
	"compliance_secret" text,
	"compliance_checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"production_environment" text,
	"production_key" text,
	"production_token" text,
	"production_secret" text,
	"certificate_expires_at" timestamp with time zone,
	"reporting_problem" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e_invoicing_single_row" CHECK ("e_invoicing"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "invoices_order_invoice_key";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "signed_xml" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reporting_status" "reporting_status";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reporting_messages" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
CREATE INDEX "invoices_reporting_open_idx" ON "invoices" USING btree ("issued_at") WHERE "invoices"."reporting_status" in ('pending', 'rejected');--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_key" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."replaced_by" is null;