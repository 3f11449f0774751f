-- Wanted posts (issue 25 item 4, decisions 246-248): a verified buyer says what they are short of,
-- sellers answer with one of their public lots (each answer is an offer the seller makes, which
-- the buyer reads in their conversation), and matching sellers hear of new posts at most daily.
CREATE TYPE "public"."wanted_post_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TABLE "wanted_posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"buyer_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"posted_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"category" "product_category",
	"query" text NOT NULL,
	"quantity_lbs" numeric(12, 2) NOT NULL,
	"min_price" numeric(12, 2),
	"max_price" numeric(12, 2),
	"needed_by" date,
	"county" text,
	"status" "wanted_post_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "wanted_posts_quantity_positive" CHECK ("quantity_lbs" > 0),
	CONSTRAINT "wanted_posts_price_range" CHECK ("min_price" IS NULL OR "max_price" IS NULL OR "min_price" <= "max_price"),
	CONSTRAINT "wanted_posts_expiry_after_creation" CHECK ("expires_at" > "created_at"),
	CONSTRAINT "wanted_posts_closed_when_closed" CHECK (("status" = 'closed') = ("closed_at" IS NOT NULL))
);--> statement-breakpoint
CREATE INDEX "wanted_posts_board_idx" ON "wanted_posts" USING btree ("created_at" DESC, "id" DESC) WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "wanted_posts_buyer_idx" ON "wanted_posts" USING btree ("buyer_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE TABLE "wanted_answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL REFERENCES "wanted_posts"("id") ON DELETE cascade,
	"seller_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"listing_id" uuid REFERENCES "listings"("id") ON DELETE set null,
	"offer_id" uuid NOT NULL REFERENCES "offers"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "wanted_answers_post_idx" ON "wanted_answers" USING btree ("post_id", "created_at");--> statement-breakpoint
CREATE INDEX "wanted_answers_seller_idx" ON "wanted_answers" USING btree ("seller_id", "post_id");--> statement-breakpoint
-- The daily alert (decision 248): when a seller was last mailed about new posts, and up to when
-- posts have been dealt with, so none is mailed twice and none a second time the same day.
CREATE TABLE "wanted_alerts" (
	"seller_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"covered_until" timestamp with time zone NOT NULL,
	"last_alerted_at" timestamp with time zone
);
