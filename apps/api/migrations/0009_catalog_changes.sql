-- Every change that can alter a public catalog page notifies the channel canopy_catalog when its
-- transaction commits, so each API instance can drop its cached catalog pages (decision 111).
-- Statement-level, so a bulk change notifies once; PostgreSQL also folds identical notifications
-- of one transaction into one. A view (views_count alone) is not a catalog change: the public
-- product does not show it, and counting views must not empty the cache.
CREATE FUNCTION "catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('canopy_catalog', '');
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_catalog_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "listings" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
-- Every column but views_count; a column added to listings belongs in this list if it is public.
CREATE TRIGGER "listings_catalog_updated" AFTER UPDATE OF "seller_id", "title", "description", "product_type_id", "category", "strain", "thc_content", "cbd_content", "zip_code", "quantity_lbs", "make_offer", "asking_price", "negotiable", "tested", "test_link", "test_upload_key", "test_upload_type", "test_upload_name", "is_active", "moderation", "seller_business_name", "seller_verified", "created_at", "updated_at" ON "listings" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "listing_media_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listing_media" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
-- The public product shows the seller's business name, license type and verification.
CREATE TRIGGER "users_catalog_changed" AFTER UPDATE OF "business_name", "license_type", "status" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "product_types_catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_types" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
