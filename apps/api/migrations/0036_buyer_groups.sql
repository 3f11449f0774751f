-- Buyer groups and their price lists (issue 25 item 1, decisions 240 to 242). A seller groups
-- buyer companies; per group a minimum order, default payment terms, and per lot a price (a price
-- per pound or a percentage off, never both) and whether the lot is private to the group.
CREATE TABLE "buyer_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"minimum_order_lbs" numeric(12, 2),
	"payment_terms" "payment_terms",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_groups_id_seller_key" UNIQUE("id","seller_id"),
	CONSTRAINT "buyer_groups_minimum_positive" CHECK ("minimum_order_lbs" IS NULL OR "minimum_order_lbs" > 0)
);--> statement-breakpoint
ALTER TABLE "buyer_groups" ADD CONSTRAINT "buyer_groups_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_groups_seller_name_idx" ON "buyer_groups" USING btree ("seller_id",lower("name"));--> statement-breakpoint
-- seller_id is the group's, copied so that one index keeps a buyer in at most one group per seller.
CREATE TABLE "buyer_group_members" (
	"group_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	CONSTRAINT "buyer_group_members_pk" PRIMARY KEY("group_id","buyer_id")
);--> statement-breakpoint
ALTER TABLE "buyer_group_members" ADD CONSTRAINT "buyer_group_members_group_fk" FOREIGN KEY ("group_id","seller_id") REFERENCES "public"."buyer_groups"("id","seller_id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "buyer_group_members" ADD CONSTRAINT "buyer_group_members_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_group_members_seller_buyer_idx" ON "buyer_group_members" USING btree ("seller_id","buyer_id");--> statement-breakpoint
CREATE INDEX "buyer_group_members_buyer_idx" ON "buyer_group_members" USING btree ("buyer_id");--> statement-breakpoint
CREATE TABLE "buyer_group_listings" (
	"group_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"price_per_lb" numeric(12, 2),
	"percent_off" numeric(5, 2),
	"private" boolean DEFAULT false NOT NULL,
	CONSTRAINT "buyer_group_listings_pk" PRIMARY KEY("group_id","listing_id"),
	CONSTRAINT "buyer_group_listings_one_price" CHECK ("price_per_lb" IS NULL OR "percent_off" IS NULL),
	CONSTRAINT "buyer_group_listings_something" CHECK ("price_per_lb" IS NOT NULL OR "percent_off" IS NOT NULL OR "private"),
	CONSTRAINT "buyer_group_listings_price_positive" CHECK ("price_per_lb" IS NULL OR "price_per_lb" > 0),
	CONSTRAINT "buyer_group_listings_percent_range" CHECK ("percent_off" IS NULL OR ("percent_off" > 0 AND "percent_off" < 100))
);--> statement-breakpoint
ALTER TABLE "buyer_group_listings" ADD CONSTRAINT "buyer_group_listings_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."buyer_groups"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "buyer_group_listings" ADD CONSTRAINT "buyer_group_listings_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "buyer_group_listings_listing_idx" ON "buyer_group_listings" USING btree ("listing_id");--> statement-breakpoint
-- A lot private to any group is out of the public catalog for everyone (decision 240): the buyer
-- groups service keeps this flag in step with the rows above, in the same transaction.
ALTER TABLE "listings" ADD COLUMN "group_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The public rule (PUBLIC_LISTING) gained "NOT group_only": the per-category counters count by it
-- (no recount: no lot is private yet), and every partial index is made again on it, so a page still
-- reads its index alone (the covering indexes of decisions 175 and 183) instead of a row per lot.
CREATE OR REPLACE FUNCTION "catalog_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "catalog_counts" AS c SET "visible_listings" = c."visible_listings" + d.delta
		FROM (SELECT "category", count(*) AS delta FROM new_rows WHERE "is_active" AND "seller_verified" AND "quantity_lbs" > 0 AND NOT "group_only" GROUP BY "category") AS d
		WHERE c."category" = d."category";
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE "catalog_counts" AS c SET "visible_listings" = c."visible_listings" - d.delta
		FROM (SELECT "category", count(*) AS delta FROM old_rows WHERE "is_active" AND "seller_verified" AND "quantity_lbs" > 0 AND NOT "group_only" GROUP BY "category") AS d
		WHERE c."category" = d."category";
	ELSE
		UPDATE "catalog_counts" AS c SET "visible_listings" = c."visible_listings" + d.delta
		FROM (
			SELECT "category", sum(delta) AS delta FROM (
				SELECT "category", -1 AS delta FROM old_rows WHERE "is_active" AND "seller_verified" AND "quantity_lbs" > 0 AND NOT "group_only"
				UNION ALL
				SELECT "category", 1 AS delta FROM new_rows WHERE "is_active" AND "seller_verified" AND "quantity_lbs" > 0 AND NOT "group_only"
			) AS changes GROUP BY "category" HAVING sum(delta) <> 0
		) AS d
		WHERE c."category" = d."category";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_created_idx";--> statement-breakpoint
CREATE INDEX "listings_public_created_idx" ON "listings" USING btree ("created_at","id") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_name_idx";--> statement-breakpoint
CREATE INDEX "listings_public_name_idx" ON "listings" USING btree ("name_key" COLLATE "C","id") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_category_created_idx";--> statement-breakpoint
CREATE INDEX "listings_public_category_created_idx" ON "listings" USING btree ("category","created_at","id") INCLUDE ("listed_price","tested","thc_content","cbd_content","quantity_lbs","seller_county","seller_id") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_category_name_idx";--> statement-breakpoint
CREATE INDEX "listings_public_category_name_idx" ON "listings" USING btree ("category","name_key" COLLATE "C","id") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_search_idx";--> statement-breakpoint
CREATE INDEX "listings_public_search_idx" ON "listings" USING gin ("search") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_price_asc_idx";--> statement-breakpoint
CREATE INDEX "listings_public_price_asc_idx" ON "listings" USING btree ("listed_price" ASC NULLS LAST,"id") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_price_desc_idx";--> statement-breakpoint
CREATE INDEX "listings_public_price_desc_idx" ON "listings" USING btree ("listed_price" DESC NULLS LAST,"id" DESC) WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_category_price_asc_idx";--> statement-breakpoint
CREATE INDEX "listings_public_category_price_asc_idx" ON "listings" USING btree ("category","listed_price" ASC NULLS LAST,"id") INCLUDE ("tested","thc_content","cbd_content","quantity_lbs","seller_county","seller_id","created_at") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_category_price_desc_idx";--> statement-breakpoint
CREATE INDEX "listings_public_category_price_desc_idx" ON "listings" USING btree ("category","listed_price" DESC NULLS LAST,"id" DESC) INCLUDE ("tested","thc_content","cbd_content","quantity_lbs","seller_county","seller_id","created_at") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_county_created_idx";--> statement-breakpoint
CREATE INDEX "listings_public_county_created_idx" ON "listings" USING btree ("seller_county","created_at","id") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_thc_idx";--> statement-breakpoint
CREATE INDEX "listings_public_thc_idx" ON "listings" USING btree ("thc_content") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_cbd_idx";--> statement-breakpoint
CREATE INDEX "listings_public_cbd_idx" ON "listings" USING btree ("cbd_content") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_quantity_idx";--> statement-breakpoint
CREATE INDEX "listings_public_quantity_idx" ON "listings" USING btree ("quantity_lbs") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_first_public_idx";--> statement-breakpoint
CREATE INDEX "listings_public_first_public_idx" ON "listings" USING btree ("first_public_at") WHERE is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only;
