-- Faceted pages without words (decision 175): the category-and-price index carries the other facet
-- columns too, so a walk of a price sort tests the facets, and a count reads them, from the index
-- alone (an index-only scan), not from a table row per listing. Drizzle cannot declare INCLUDE
-- columns, so the schema's definition of this index names only its key columns.
DROP INDEX IF EXISTS "listings_public_category_price_asc_idx";--> statement-breakpoint
CREATE INDEX "listings_public_category_price_asc_idx" ON "listings" USING btree ("category","listed_price" ASC NULLS LAST,"id") INCLUDE ("tested","thc_content","cbd_content","quantity_lbs","seller_county","seller_id") WHERE is_active AND seller_verified AND quantity_lbs > 0;
