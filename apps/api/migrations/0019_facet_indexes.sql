-- Faceted pages at 1M listings (decision 183).
--
-- Words with facets. PostgreSQL never ANDs the bitmaps of two partial indexes that share a
-- predicate: it takes the shared predicate for a condition both would test. So a search for a word
-- in a category's price band read every public listing with the word from the heap (27,000 pages
-- for "lemon") to keep the hundred in the band. This index has no predicate, so its bitmap of a
-- category (and price band) joins the word's bitmap from the search index, and only the listings
-- in both are read.
CREATE INDEX "listings_category_price_idx" ON "listings" USING btree ("category","listed_price");--> statement-breakpoint
-- Facets without words. Every index a faceted page of a category walks carries the facet columns,
-- and the columns of the other sorts, so a walk tests the facets and a count or a sort of the
-- matches reads the index alone: a page in time order of a price band no longer reads a table row
-- per match to learn its age, nor a walk by time or by falling price one per listing it passes.
DROP INDEX IF EXISTS "listings_public_category_price_asc_idx";--> statement-breakpoint
CREATE INDEX "listings_public_category_price_asc_idx" ON "listings" USING btree ("category","listed_price" ASC NULLS LAST,"id") INCLUDE ("tested","thc_content","cbd_content","quantity_lbs","seller_county","seller_id","created_at") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_category_price_desc_idx";--> statement-breakpoint
CREATE INDEX "listings_public_category_price_desc_idx" ON "listings" USING btree ("category","listed_price" DESC NULLS LAST,"id" DESC) INCLUDE ("tested","thc_content","cbd_content","quantity_lbs","seller_county","seller_id","created_at") WHERE is_active AND seller_verified AND quantity_lbs > 0;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_public_category_created_idx";--> statement-breakpoint
CREATE INDEX "listings_public_category_created_idx" ON "listings" USING btree ("category","created_at","id") INCLUDE ("listed_price","tested","thc_content","cbd_content","quantity_lbs","seller_county","seller_id") WHERE is_active AND seller_verified AND quantity_lbs > 0;
