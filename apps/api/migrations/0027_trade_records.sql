-- The trade after "accepted" (issue 23, decision 184): payment terms on offers and orders, the
-- scheduled and in-transit order statuses, the lines an order is made of (every existing order
-- gets its line 1 from its own columns), the fulfilment that says how it travels, invoice versions
-- with their lines, payments, reminder marks and the per-company number counters.
-- None of the new tables cascades: they are trade records, kept when a listing or login goes.
CREATE TYPE "payment_terms" AS ENUM('cod', 'net7', 'net15', 'net30');--> statement-breakpoint
CREATE TYPE "payment_method" AS ENUM('ach', 'check', 'wire', 'cash', 'other');--> statement-breakpoint
ALTER TYPE "order_status" ADD VALUE IF NOT EXISTS 'scheduled' BEFORE 'fulfilled';--> statement-breakpoint
ALTER TYPE "order_status" ADD VALUE IF NOT EXISTS 'in_transit' BEFORE 'fulfilled';--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "payment_terms" "payment_terms" DEFAULT 'cod' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms" "payment_terms" DEFAULT 'cod' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
-- An order already delivered was delivered when it was first marked fulfilled.
UPDATE "orders" AS o SET "delivered_at" = e."at"
FROM (SELECT "order_id", min("created_at") AS "at" FROM "order_events" WHERE "status" = 'fulfilled' GROUP BY "order_id") AS e
WHERE e."order_id" = o."id";--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE restrict,
	"position" integer NOT NULL,
	"listing_id" uuid REFERENCES "listings"("id") ON DELETE set null,
	"listing_title" text NOT NULL,
	"listing_version" integer NOT NULL,
	"quantity_lbs" numeric(12, 2) NOT NULL,
	"price_per_lb" numeric(12, 2) NOT NULL,
	"price_source" text DEFAULT 'negotiated' NOT NULL,
	"tier_from_lbs" numeric(12, 2),
	"total" numeric(22, 2) GENERATED ALWAYS AS (round("quantity_lbs" * "price_per_lb", 2)) STORED NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("quantity_lbs" > 0),
	CONSTRAINT "order_lines_price_not_negative" CHECK ("price_per_lb" >= 0),
	CONSTRAINT "order_lines_position_positive" CHECK ("position" > 0),
	CONSTRAINT "order_lines_price_source" CHECK ("price_source" IN ('asking', 'group', 'tier', 'negotiated', 'sample'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_key" ON "order_lines" ("order_id", "position");--> statement-breakpoint
CREATE INDEX "order_lines_listing_idx" ON "order_lines" ("listing_id") WHERE "listing_id" IS NOT NULL;--> statement-breakpoint
-- Line 1 of every order: its own lot, quantity and price (the order's id doubles as the line's,
-- which no other row uses, so the backfill needs no id generator).
INSERT INTO "order_lines" ("id", "order_id", "position", "listing_id", "listing_title", "listing_version", "quantity_lbs", "price_per_lb")
SELECT "id", "id", 1, "listing_id", "listing_title", "lot_version", "quantity_lbs", "price_per_lb" FROM "orders";--> statement-breakpoint
CREATE TABLE "order_fulfilments" (
	"order_id" uuid PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE restrict,
	"distributor" jsonb NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	"estimated_arrival_at" timestamp with time zone NOT NULL,
	"driver_name" text NOT NULL,
	"driver_license_number" text NOT NULL,
	"vehicle_make" text NOT NULL,
	"vehicle_model" text NOT NULL,
	"vehicle_plate" text NOT NULL,
	"packages" jsonb NOT NULL,
	"scheduled_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_fulfilments_arrival_after_pickup" CHECK ("estimated_arrival_at" > "pickup_at")
);--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE restrict,
	"version" integer NOT NULL,
	"seller_company_id" uuid REFERENCES "companies"("id") ON DELETE set null,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_terms" "payment_terms" NOT NULL,
	"transport_origin" text NOT NULL,
	"parties" jsonb NOT NULL,
	"total" numeric(22, 2) NOT NULL,
	"issued_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "invoices_version_positive" CHECK ("version" > 0),
	CONSTRAINT "invoices_total_not_negative" CHECK ("total" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_version_key" ON "invoices" ("order_id", "version");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_current_key" ON "invoices" ("order_id") WHERE "superseded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "invoices_seller_idx" ON "invoices" ("seller_company_id", "issued_at" DESC);--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL REFERENCES "invoices"("id") ON DELETE restrict,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity_lbs" numeric(12, 2) NOT NULL,
	"unit" text DEFAULT 'lb' NOT NULL,
	"price_per_lb" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"amount" numeric(22, 2) GENERATED ALWAYS AS (round("quantity_lbs" * "price_per_lb" - "discount", 2)) STORED NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_position_pk" PRIMARY KEY ("invoice_id", "position"),
	CONSTRAINT "invoice_lines_quantity_positive" CHECK ("quantity_lbs" > 0),
	CONSTRAINT "invoice_lines_discount_in_range" CHECK ("discount" >= 0 AND "discount" <= round("quantity_lbs" * "price_per_lb", 2))
);--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE restrict,
	"amount" numeric(12, 2) NOT NULL,
	"method" "payment_method" NOT NULL,
	"paid_at" date NOT NULL,
	"reference" text,
	"recorded_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("amount" > 0)
);--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" ("order_id", "paid_at", "id");--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE restrict,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_order_id_kind_pk" PRIMARY KEY ("order_id", "kind"),
	CONSTRAINT "invoice_reminders_kind" CHECK ("kind" IN ('due', 'late'))
);--> statement-breakpoint
CREATE TABLE "company_counters" (
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"next_value" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "company_counters_company_id_kind_pk" PRIMARY KEY ("company_id", "kind")
);
