-- Carts and offers of several lots (issue 25 item 0, decisions 184 and 237–239). An offer's lots
-- are its lines, as an order's are: every existing offer gets its line 1 from its own columns,
-- which keep describing line 1 (the single-lot wire fields). Lines belong to their offer and go
-- with it (an offer is deleted only with its account, decision 221); they outlive their listing.
CREATE TABLE "offer_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL REFERENCES "offers"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"listing_id" uuid REFERENCES "listings"("id") ON DELETE set null,
	"listing_title" text NOT NULL,
	"listing_version" integer NOT NULL,
	"quantity_lbs" numeric(12, 2) NOT NULL,
	"price_per_lb" numeric(12, 2) NOT NULL,
	"price_source" text DEFAULT 'negotiated' NOT NULL,
	"tier_from_lbs" numeric(12, 2),
	"total" numeric(22, 2) GENERATED ALWAYS AS (round("quantity_lbs" * "price_per_lb", 2)) STORED NOT NULL,
	CONSTRAINT "offer_lines_quantity_positive" CHECK ("quantity_lbs" > 0),
	CONSTRAINT "offer_lines_price_positive" CHECK ("price_per_lb" > 0),
	CONSTRAINT "offer_lines_position_positive" CHECK ("position" > 0),
	CONSTRAINT "offer_lines_price_source" CHECK ("price_source" IN ('asking', 'group', 'tier', 'negotiated', 'sample'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "offer_lines_offer_position_key" ON "offer_lines" ("offer_id", "position");--> statement-breakpoint
-- One line per lot in an offer (decision 239).
CREATE UNIQUE INDEX "offer_lines_offer_listing_key" ON "offer_lines" ("offer_id", "listing_id");--> statement-breakpoint
CREATE INDEX "offer_lines_listing_idx" ON "offer_lines" ("listing_id") WHERE "listing_id" IS NOT NULL;--> statement-breakpoint
-- Line 1 of every offer (the offer's id doubles as its line's, as 0027 did for orders).
INSERT INTO "offer_lines" ("id", "offer_id", "position", "listing_id", "listing_title", "listing_version", "quantity_lbs", "price_per_lb")
SELECT "id", "id", 1, "listing_id", "listing_title", "lot_version", "quantity_lbs", "price_per_lb" FROM "offers";--> statement-breakpoint
-- A cancelled order returns each line's pounds under decision 187's rule, which compares both
-- counters per lot: the order's own pair describes line 1 only.
ALTER TABLE "order_lines" ADD COLUMN "stock_version" integer;--> statement-breakpoint
UPDATE "order_lines" AS l SET "stock_version" = o."stock_version" FROM "orders" AS o WHERE o."id" = l."order_id";--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "stock_version" SET NOT NULL;--> statement-breakpoint
-- The cart (decision 237): kept on the server per buying company, one row per lot; the seller is
-- the lot's. A lot or company that goes takes its rows with it: a cart is not a trade record.
CREATE TABLE "cart_items" (
	"buyer_company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"listing_id" uuid NOT NULL REFERENCES "listings"("id") ON DELETE cascade,
	"quantity_lbs" numeric(12, 2) NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_pkey" PRIMARY KEY ("buyer_company_id", "listing_id"),
	CONSTRAINT "cart_items_quantity_positive" CHECK ("quantity_lbs" > 0)
);--> statement-breakpoint
CREATE INDEX "cart_items_listing_idx" ON "cart_items" ("listing_id");
