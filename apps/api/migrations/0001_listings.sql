CREATE TYPE "public"."media_kind" AS ENUM('image', 'video');--> statement-breakpoint
CREATE TYPE "public"."product_category" AS ENUM('flower', 'concentrate', 'edible', 'topical', 'pre-roll', 'vape', 'tincture', 'other');--> statement-breakpoint
CREATE TABLE "catalog_counts" (
	"category" "product_category" PRIMARY KEY NOT NULL,
	"visible_listings" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" "media_kind" NOT NULL,
	"file_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"small_key" text,
	"medium_key" text,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"duration_seconds" numeric(10, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_views" (
	"listing_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "listing_views_listing_id_viewer_key_hour_pk" PRIMARY KEY("listing_id","viewer_key","hour")
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"product_type_id" uuid NOT NULL,
	"category" "product_category" NOT NULL,
	"strain" text,
	"thc_content" numeric(5, 2),
	"cbd_content" numeric(5, 2),
	"zip_code" text NOT NULL,
	"quantity_lbs" numeric(12, 2) NOT NULL,
	"make_offer" boolean DEFAULT false NOT NULL,
	"asking_price" numeric(12, 2),
	"negotiable" boolean DEFAULT false NOT NULL,
	"tested" boolean DEFAULT false NOT NULL,
	"test_link" text,
	"test_upload_key" text,
	"test_upload_type" text,
	"test_upload_name" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"seller_business_name" text DEFAULT '' NOT NULL,
	"seller_verified" boolean DEFAULT false NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower("title")) STORED NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', coalesce("strain", '')), 'A') || setweight(to_tsvector('english', "seller_business_name"), 'B') || setweight(to_tsvector('english', "description"), 'C') || setweight(to_tsvector('simple', "title" || ' ' || coalesce("strain", '')), 'A') || setweight(to_tsvector('simple', "seller_business_name"), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_quantity_positive" CHECK ("listings"."quantity_lbs" > 0),
	CONSTRAINT "listings_price_not_negative" CHECK ("listings"."asking_price" IS NULL OR "listings"."asking_price" >= 0),
	CONSTRAINT "listings_thc_percentage" CHECK ("listings"."thc_content" IS NULL OR "listings"."thc_content" BETWEEN 0 AND 100),
	CONSTRAINT "listings_cbd_percentage" CHECK ("listings"."cbd_content" IS NULL OR "listings"."cbd_content" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" "product_category" NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "listing_media" ADD CONSTRAINT "listing_media_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_media_listing_idx" ON "listing_media" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "listings_seller_idx" ON "listings" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_public_created_idx" ON "listings" USING btree ("created_at","id") WHERE is_active AND seller_verified;--> statement-breakpoint
CREATE INDEX "listings_public_name_idx" ON "listings" USING btree ("name_key" COLLATE "C","id") WHERE is_active AND seller_verified;--> statement-breakpoint
CREATE INDEX "listings_public_category_created_idx" ON "listings" USING btree ("category","created_at","id") WHERE is_active AND seller_verified;--> statement-breakpoint
CREATE INDEX "listings_public_category_name_idx" ON "listings" USING btree ("category","name_key" COLLATE "C","id") WHERE is_active AND seller_verified;--> statement-breakpoint
CREATE INDEX "listings_public_search_idx" ON "listings" USING gin ("search") WHERE is_active AND seller_verified;--> statement-breakpoint
-- Hand-written below: what drizzle-kit cannot express (seed rows and the count triggers).
INSERT INTO "product_types" ("id", "name", "category", "sort_order") VALUES
	('01960000-0000-7000-8000-000000000001', 'Flower - Indoor', 'flower', 10),
	('01960000-0000-7000-8000-000000000002', 'Flower - Greenhouse', 'flower', 20),
	('01960000-0000-7000-8000-000000000003', 'Flower - Outdoor', 'flower', 30),
	('01960000-0000-7000-8000-000000000004', 'Smalls', 'flower', 40),
	('01960000-0000-7000-8000-000000000005', 'Pre-Rolls', 'pre-roll', 50),
	('01960000-0000-7000-8000-000000000006', 'Infused Pre-Rolls', 'pre-roll', 60),
	('01960000-0000-7000-8000-000000000007', 'Live Resin', 'concentrate', 70),
	('01960000-0000-7000-8000-000000000008', 'Rosin', 'concentrate', 80),
	('01960000-0000-7000-8000-000000000009', 'Shatter', 'concentrate', 90),
	('01960000-0000-7000-8000-000000000010', 'Badder', 'concentrate', 100),
	('01960000-0000-7000-8000-000000000011', 'Distillate', 'concentrate', 110),
	('01960000-0000-7000-8000-000000000012', 'Crude Oil', 'concentrate', 120),
	('01960000-0000-7000-8000-000000000013', 'Vape Cartridges', 'vape', 130),
	('01960000-0000-7000-8000-000000000014', 'Disposable Vapes', 'vape', 140),
	('01960000-0000-7000-8000-000000000015', 'Gummies', 'edible', 150),
	('01960000-0000-7000-8000-000000000016', 'Chocolates', 'edible', 160),
	('01960000-0000-7000-8000-000000000017', 'Beverages', 'edible', 170),
	('01960000-0000-7000-8000-000000000018', 'Tinctures', 'tincture', 180),
	('01960000-0000-7000-8000-000000000019', 'Topicals', 'topical', 190),
	('01960000-0000-7000-8000-000000000020', 'Trim', 'other', 200),
	('01960000-0000-7000-8000-000000000021', 'Clones', 'other', 210),
	('01960000-0000-7000-8000-000000000022', 'Seeds', 'other', 220),
	('01960000-0000-7000-8000-000000000023', 'Other', 'other', 230);--> statement-breakpoint
INSERT INTO "catalog_counts" ("category") SELECT unnest(enum_range(NULL::"product_category"));--> statement-breakpoint
-- catalog_counts holds the number of public listings (is_active AND seller_verified) per category,
-- so the catalog's page count is a lookup instead of a count over up to millions of rows. The
-- triggers are per statement with transition tables: a bulk change (a seller suspended with all
-- their listings) adjusts each category once, in one UPDATE whose row locks are taken in the same
-- order by every writer.
CREATE FUNCTION "catalog_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "catalog_counts" AS c SET "visible_listings" = c."visible_listings" + d.delta
		FROM (SELECT "category", count(*) AS delta FROM new_rows WHERE "is_active" AND "seller_verified" GROUP BY "category") AS d
		WHERE c."category" = d."category";
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE "catalog_counts" AS c SET "visible_listings" = c."visible_listings" - d.delta
		FROM (SELECT "category", count(*) AS delta FROM old_rows WHERE "is_active" AND "seller_verified" GROUP BY "category") AS d
		WHERE c."category" = d."category";
	ELSE
		UPDATE "catalog_counts" AS c SET "visible_listings" = c."visible_listings" + d.delta
		FROM (
			SELECT "category", sum(delta) AS delta FROM (
				SELECT "category", -1 AS delta FROM old_rows WHERE "is_active" AND "seller_verified"
				UNION ALL
				SELECT "category", 1 AS delta FROM new_rows WHERE "is_active" AND "seller_verified"
			) AS changes GROUP BY "category" HAVING sum(delta) <> 0
		) AS d
		WHERE c."category" = d."category";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_counts_insert" AFTER INSERT ON "listings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "listings_counts_update" AFTER UPDATE ON "listings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "listings_counts_delete" AFTER DELETE ON "listings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_apply"();
