-- Samples (issue 25 item 3, decisions 243-245): a buyer asks a seller for a few grams of a public
-- lot; the seller approves (the sample becomes a $0 order through the offer-and-order path, so it
-- is scheduled, invoiced and manifested like any order) or declines. The request keeps its grams;
-- the order line keeps them too, beside the pounds rounded up to the hundredth.
CREATE TYPE "sample_status" AS ENUM('requested', 'approved', 'declined');--> statement-breakpoint
CREATE TABLE "sample_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"listing_id" uuid REFERENCES "listings"("id") ON DELETE set null,
	"listing_title" text NOT NULL,
	"buyer_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"seller_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"requested_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"grams" integer NOT NULL,
	"note" text,
	"status" "sample_status" DEFAULT 'requested' NOT NULL,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE restrict,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_requests_grams_range" CHECK ("grams" BETWEEN 1 AND 28),
	CONSTRAINT "sample_requests_note_length" CHECK (char_length("note") <= 500),
	CONSTRAINT "sample_requests_reason_length" CHECK (char_length("decline_reason") <= 500),
	CONSTRAINT "sample_requests_two_parties" CHECK ("buyer_id" <> "seller_id"),
	CONSTRAINT "sample_requests_decided" CHECK (("status" = 'requested') = ("decided_at" IS NULL)),
	CONSTRAINT "sample_requests_order_when_approved" CHECK (("status" = 'approved') = ("order_id" IS NOT NULL))
);--> statement-breakpoint
-- One waiting request per buyer and lot; the monthly cap counts by buyer and seller.
CREATE UNIQUE INDEX "sample_requests_one_waiting_idx" ON "sample_requests" ("listing_id", "buyer_id") WHERE "status" = 'requested';--> statement-breakpoint
CREATE INDEX "sample_requests_pair_idx" ON "sample_requests" ("buyer_id", "seller_id", "created_at");--> statement-breakpoint
CREATE INDEX "sample_requests_seller_idx" ON "sample_requests" ("seller_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
-- The accepted $0 offer an approved sample's order is made from: it names its request, which is
-- the only way an offer may be free. Deleting the request (with an account) takes the offer along.
ALTER TABLE "offers" ADD COLUMN "sample_request_id" uuid REFERENCES "sample_requests"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_sample_request_id_unique" UNIQUE ("sample_request_id");--> statement-breakpoint
ALTER TABLE "offers" DROP CONSTRAINT "offers_price_positive";--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_price_positive" CHECK ("price_per_lb" > 0 OR ("sample_request_id" IS NOT NULL AND "price_per_lb" = 0));--> statement-breakpoint
-- An order copies its offer's price, so only a sample's offer can make it $0.
ALTER TABLE "orders" DROP CONSTRAINT "orders_price_positive";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_price_not_negative" CHECK ("price_per_lb" >= 0);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sample_grams" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_sample_grams" CHECK (("price_source" = 'sample') = ("sample_grams" IS NOT NULL) AND ("price_source" <> 'sample' OR "price_per_lb" = 0));--> statement-breakpoint
-- A sample's offer carries its one line at $0 too (offer_lines came with 0035).
ALTER TABLE "offer_lines" DROP CONSTRAINT "offer_lines_price_positive";--> statement-breakpoint
ALTER TABLE "offer_lines" ADD CONSTRAINT "offer_lines_price_positive" CHECK ("price_per_lb" > 0 OR ("price_source" = 'sample' AND "price_per_lb" = 0));
