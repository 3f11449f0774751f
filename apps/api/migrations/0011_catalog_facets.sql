-- The catalog's facets and price sorts (issue 15, decision 140).
-- The seller's premises county is copied onto each listing, like seller_verified (decision 011), so
-- the county facet is one index range on listings; only the county is copied, never the address.
ALTER TABLE "listings" ADD COLUMN "seller_county" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "listings" SET "seller_county" = "users"."county" FROM "users" WHERE "users"."id" = "listings"."seller_id" AND "users"."county" <> '';--> statement-breakpoint
-- The price a buyer sees: a make-offer listing shows no price even when one is stored.
ALTER TABLE "listings" ADD COLUMN "listed_price" numeric(12, 2) GENERATED ALWAYS AS (CASE WHEN "make_offer" THEN NULL ELSE "asking_price" END) STORED;--> statement-breakpoint
-- Unpriced listings come last in both price orders, so each direction has its own index.
CREATE INDEX "listings_public_price_asc_idx" ON "listings" USING btree ("listed_price" ASC NULLS LAST,"id") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
CREATE INDEX "listings_public_price_desc_idx" ON "listings" USING btree ("listed_price" DESC NULLS LAST,"id" DESC) WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
CREATE INDEX "listings_public_category_price_asc_idx" ON "listings" USING btree ("category","listed_price" ASC NULLS LAST,"id") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
CREATE INDEX "listings_public_category_price_desc_idx" ON "listings" USING btree ("category","listed_price" DESC NULLS LAST,"id" DESC) WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
CREATE INDEX "listings_public_county_created_idx" ON "listings" USING btree ("seller_county","created_at","id") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
CREATE INDEX "listings_public_thc_idx" ON "listings" USING btree ("thc_content") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
CREATE INDEX "listings_public_cbd_idx" ON "listings" USING btree ("cbd_content") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
CREATE INDEX "listings_public_quantity_idx" ON "listings" USING btree ("quantity_lbs") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
-- The county copy is public (it decides what a county facet shows): its changes drop cached pages.
DROP TRIGGER "listings_catalog_updated" ON "listings";--> statement-breakpoint
CREATE TRIGGER "listings_catalog_updated" AFTER UPDATE OF "seller_id", "title", "description", "product_type_id", "category", "strain", "thc_content", "cbd_content", "zip_code", "quantity_lbs", "make_offer", "asking_price", "negotiable", "tested", "test_link", "test_upload_key", "test_upload_type", "test_upload_name", "is_active", "moderation", "seller_business_name", "seller_verified", "seller_county", "created_at", "updated_at" ON "listings" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
