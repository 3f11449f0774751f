CREATE TYPE "public"."deal_event" AS ENUM('offer_made', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_withdrawn', 'order_fulfilled', 'order_completed', 'order_cancelled');--> statement-breakpoint
CREATE TYPE "public"."deal_party" AS ENUM('buyer', 'seller');--> statement-breakpoint
CREATE TYPE "public"."offer_status" AS ENUM('open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('confirmed', 'fulfilled', 'completed', 'cancelled');--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"listing_id" uuid,
	"listing_title" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"quantity_lbs" numeric(12, 2) NOT NULL,
	"price_per_lb" numeric(12, 2) NOT NULL,
	"total" numeric(22, 2) GENERATED ALWAYS AS (round("quantity_lbs" * "price_per_lb", 2)) STORED NOT NULL,
	"deliver_by" date,
	"note" text,
	"status" "offer_status" DEFAULT 'open' NOT NULL,
	"made_by" "deal_party" NOT NULL,
	"previous_offer_id" uuid,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "offers_quantity_positive" CHECK ("quantity_lbs" > 0),
	CONSTRAINT "offers_price_positive" CHECK ("price_per_lb" > 0),
	CONSTRAINT "offers_note_length" CHECK (char_length("note") <= 1000),
	CONSTRAINT "offers_two_parties" CHECK ("buyer_id" <> "seller_id"),
	CONSTRAINT "offers_expiry_after_creation" CHECK ("expires_at" > "created_at"),
	CONSTRAINT "offers_answered_when_closed" CHECK ("status" IN ('open', 'expired') OR "responded_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" "order_status" NOT NULL,
	"by" "deal_party" NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_cancel_has_reason" CHECK ("status" <> 'cancelled' OR "reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"offer_id" uuid NOT NULL,
	"listing_id" uuid,
	"listing_title" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"buyer" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"quantity_lbs" numeric(12, 2) NOT NULL,
	"price_per_lb" numeric(12, 2) NOT NULL,
	"total" numeric(22, 2) GENERATED ALWAYS AS (round("quantity_lbs" * "price_per_lb", 2)) STORED NOT NULL,
	"deliver_by" date,
	"note" text,
	"status" "order_status" DEFAULT 'confirmed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_offer_id_unique" UNIQUE("offer_id"),
	CONSTRAINT "orders_quantity_positive" CHECK ("quantity_lbs" > 0),
	CONSTRAINT "orders_price_positive" CHECK ("price_per_lb" > 0),
	CONSTRAINT "orders_two_parties" CHECK ("buyer_id" <> "seller_id")
);
--> statement-breakpoint
ALTER TABLE "listings" DROP CONSTRAINT "listings_quantity_positive";--> statement-breakpoint
DROP INDEX "listings_public_created_idx";--> statement-breakpoint
DROP INDEX "listings_public_name_idx";--> statement-breakpoint
DROP INDEX "listings_public_category_created_idx";--> statement-breakpoint
DROP INDEX "listings_public_category_name_idx";--> statement-breakpoint
DROP INDEX "listings_public_search_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deal_event" "deal_event";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_previous_offer_id_offers_id_fk" FOREIGN KEY ("previous_offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_buyer_idx" ON "offers" USING btree ("listing_id","buyer_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_seller_idx" ON "offers" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_listing_idx" ON "offers" USING btree ("listing_id") WHERE "listing_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "offers_previous_idx" ON "offers" USING btree ("previous_offer_id") WHERE "previous_offer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_public_created_idx" ON "listings" USING btree ("created_at","id") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
CREATE INDEX "listings_public_name_idx" ON "listings" USING btree ("name_key" COLLATE "C","id") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
CREATE INDEX "listings_public_category_created_idx" ON "listings" USING btree ("category","created_at","id") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
CREATE INDEX "listings_public_category_name_idx" ON "listings" USING btree ("category","name_key" COLLATE "C","id") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
CREATE INDEX "listings_public_search_idx" ON "listings" USING gin ("search") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_quantity_not_negative" CHECK ("listings"."quantity_lbs" >= 0);--> statement-breakpoint
-- Order numbers (CNP-000123) come from this sequence; gaps after a rolled-back acceptance are fine.
CREATE SEQUENCE "order_number_seq" AS bigint START WITH 1;--> statement-breakpoint
-- The public rule gained "quantity_lbs > 0" (a sold-out listing leaves the catalog), so the
-- per-category counters count by the same rule and are recounted once here.
CREATE OR REPLACE FUNCTION "catalog_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "catalog_counts" AS c SET "visible_listings" = c."visible_listings" + d.delta
		FROM (SELECT "category", count(*) AS delta FROM new_rows WHERE "is_active" AND "seller_verified" AND "quantity_lbs" > 0 GROUP BY "category") AS d
		WHERE c."category" = d."category";
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE "catalog_counts" AS c SET "visible_listings" = c."visible_listings" - d.delta
		FROM (SELECT "category", count(*) AS delta FROM old_rows WHERE "is_active" AND "seller_verified" AND "quantity_lbs" > 0 GROUP BY "category") AS d
		WHERE c."category" = d."category";
	ELSE
		UPDATE "catalog_counts" AS c SET "visible_listings" = c."visible_listings" + d.delta
		FROM (
			SELECT "category", sum(delta) AS delta FROM (
				SELECT "category", -1 AS delta FROM old_rows WHERE "is_active" AND "seller_verified" AND "quantity_lbs" > 0
				UNION ALL
				SELECT "category", 1 AS delta FROM new_rows WHERE "is_active" AND "seller_verified" AND "quantity_lbs" > 0
			) AS changes GROUP BY "category" HAVING sum(delta) <> 0
		) AS d
		WHERE c."category" = d."category";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "catalog_counts" AS c SET "visible_listings" = (
	SELECT count(*) FROM "listings" AS l
	WHERE l."category" = c."category" AND l."is_active" AND l."seller_verified" AND l."quantity_lbs" > 0
);
