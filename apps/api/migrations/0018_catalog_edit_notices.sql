-- A listing's edit says which listing it was, so the page cache drops only the answers it can
-- alter (decision 181). The notification on canopy_catalog is '' for "anything may have changed"
-- (a new or removed public listing, a seller, a product type, and any edit that moves a listing
-- into or out of a list or changes its place in one), or a JSON list of edits that leave every
-- list's words, facets and age as they were, with their price and quantity before and after:
--   {"edits":[{"id":…,"category":…,"sellerId":…,"price":[before,after],"quantity":[before,after]}]}
-- Rows that are not reachable (drafts, archived, hidden, an unverified seller's) before or after
-- change no public answer and notify nothing; neither does a view (views_count alone).
-- A trigger with transition tables cannot name columns, so the update trigger runs for every
-- update and compares the public columns itself.
DROP TRIGGER "listings_catalog_changed" ON "listings";--> statement-breakpoint
DROP TRIGGER "listings_catalog_updated" ON "listings";--> statement-breakpoint
CREATE FUNCTION "listings_catalog_inserted_or_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM "changed_rows" WHERE "is_active" AND "seller_verified") THEN
		PERFORM pg_notify('canopy_catalog', '');
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_catalog_inserted" AFTER INSERT ON "listings" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listings_catalog_inserted_or_deleted"();--> statement-breakpoint
CREATE TRIGGER "listings_catalog_deleted" AFTER DELETE ON "listings" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listings_catalog_inserted_or_deleted"();--> statement-breakpoint
CREATE TRIGGER "listings_catalog_truncated" AFTER TRUNCATE ON "listings" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE FUNCTION "listings_catalog_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	edit_count integer;
	any_moved boolean;
	payload text;
BEGIN
	WITH "edits" AS (
		SELECT n."id", n."category", n."seller_id",
			json_build_array(o."listed_price", n."listed_price") AS "price",
			json_build_array(o."quantity_lbs", n."quantity_lbs") AS "quantity",
			-- In or out of the public lists, or a change to what they filter, search or sort on.
			(o."is_active" AND o."seller_verified" AND o."quantity_lbs" > 0) IS DISTINCT FROM
				(n."is_active" AND n."seller_verified" AND n."quantity_lbs" > 0)
			OR (o."is_active", o."seller_verified", o."title", o."strain", o."description",
				o."seller_business_name", o."category", o."thc_content", o."cbd_content", o."tested",
				o."seller_county", o."seller_id", o."created_at")
				IS DISTINCT FROM (n."is_active", n."seller_verified", n."title", n."strain",
				n."description", n."seller_business_name", n."category", n."thc_content",
				n."cbd_content", n."tested", n."seller_county", n."seller_id", n."created_at") AS "moved"
		FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
		WHERE ((o."is_active" AND o."seller_verified") OR (n."is_active" AND n."seller_verified"))
			-- Every public column but views_count (and version, which moves with them).
			AND (o."seller_id", o."title", o."description", o."product_type_id", o."category",
				o."strain", o."thc_content", o."cbd_content", o."zip_code", o."quantity_lbs",
				o."make_offer", o."asking_price", o."negotiable", o."tested", o."test_link",
				o."test_upload_key", o."test_upload_type", o."test_upload_name", o."is_active",
				o."moderation", o."seller_business_name", o."seller_verified", o."seller_county",
				o."created_at", o."updated_at")
			IS DISTINCT FROM (n."seller_id", n."title", n."description", n."product_type_id",
				n."category", n."strain", n."thc_content", n."cbd_content", n."zip_code",
				n."quantity_lbs", n."make_offer", n."asking_price", n."negotiable", n."tested",
				n."test_link", n."test_upload_key", n."test_upload_type", n."test_upload_name",
				n."is_active", n."moderation", n."seller_business_name", n."seller_verified",
				n."seller_county", n."created_at", n."updated_at")
	)
	SELECT count(*), coalesce(bool_or("moved"), false),
		json_build_object('edits', coalesce(json_agg(json_build_object('id', "id", 'category', "category",
			'sellerId', "seller_id", 'price', "price", 'quantity', "quantity")), '[]'::json))::text
	INTO edit_count, any_moved, payload FROM "edits";
	IF edit_count = 0 THEN
		RETURN NULL;
	END IF;
	-- A notification carries at most 8,000 bytes: a bulk edit says "anything".
	IF any_moved OR edit_count > 40 THEN
		payload := '';
	END IF;
	PERFORM pg_notify('canopy_catalog', payload);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_catalog_updated" AFTER UPDATE ON "listings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listings_catalog_updated"();--> statement-breakpoint
-- A picture added, moved or removed changes how a listing looks, not which lists hold it (and a
-- draft's pictures, which no one else sees, change nothing public).
CREATE FUNCTION "listing_media_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	payload text;
BEGIN
	SELECT CASE
		WHEN count(*) = 0 THEN NULL
		WHEN count(*) > 40 THEN ''
		ELSE json_build_object('edits', json_agg(json_build_object('id', l."id", 'category', l."category",
			'sellerId', l."seller_id", 'price', json_build_array(l."listed_price", l."listed_price"),
			'quantity', json_build_array(l."quantity_lbs", l."quantity_lbs"))))::text
	END
	INTO payload
	FROM "listings" l
	WHERE l."id" IN (SELECT "listing_id" FROM "changed_rows") AND l."is_active" AND l."seller_verified";
	IF payload IS NOT NULL THEN
		PERFORM pg_notify('canopy_catalog', payload);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "listing_media_catalog_changed" ON "listing_media";--> statement-breakpoint
CREATE TRIGGER "listing_media_catalog_inserted" AFTER INSERT ON "listing_media" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_media_catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "listing_media_catalog_deleted" AFTER DELETE ON "listing_media" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_media_catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "listing_media_catalog_updated" AFTER UPDATE ON "listing_media" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_media_catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "listing_media_catalog_truncated" AFTER TRUNCATE ON "listing_media" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
