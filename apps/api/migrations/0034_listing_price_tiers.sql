-- Volume tiers (issue 25 item 2, decision 233): from N lbs a lower price per pound, up to five, as
-- a list on the listing ([{"fromLbs": 10, "pricePerLb": 1100}, …], increasing). The tiers are part
-- of the lot's terms, so both version triggers name the column: an offer made on one price table
-- cannot be accepted on another (decision 187), and the product answer shows them, so the catalog's
-- page cache hears of a change.
ALTER TABLE "listings" ADD COLUMN "price_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_price_tiers_list" CHECK (jsonb_typeof("price_tiers") = 'array' AND jsonb_array_length("price_tiers") <= 5);--> statement-breakpoint
-- Tiers lower an asking price: a make-an-offer lot has none to lower.
ALTER TABLE "listings" ADD CONSTRAINT "listings_price_tiers_priced" CHECK (jsonb_array_length("price_tiers") = 0 OR NOT "make_offer");--> statement-breakpoint
DROP TRIGGER "listings_version_bump" ON "listings";--> statement-breakpoint
CREATE TRIGGER "listings_version_bump" BEFORE UPDATE ON "listings" FOR EACH ROW WHEN (
	NEW.version = OLD.version AND (
		OLD.title, OLD.description, OLD.product_type_id, OLD.strain, OLD.thc_content, OLD.cbd_content,
		OLD.zip_code, OLD.quantity_lbs, OLD.make_offer, OLD.asking_price, OLD.negotiable, OLD.tested,
		OLD.test_link, OLD.test_upload_key, OLD.batch_number, OLD.package_uids, OLD.coa_lab_name,
		OLD.coa_lab_license, OLD.coa_tested_at, OLD.coa_result, OLD.price_tiers
	) IS DISTINCT FROM (
		NEW.title, NEW.description, NEW.product_type_id, NEW.strain, NEW.thc_content, NEW.cbd_content,
		NEW.zip_code, NEW.quantity_lbs, NEW.make_offer, NEW.asking_price, NEW.negotiable, NEW.tested,
		NEW.test_link, NEW.test_upload_key, NEW.batch_number, NEW.package_uids, NEW.coa_lab_name,
		NEW.coa_lab_license, NEW.coa_tested_at, NEW.coa_result, NEW.price_tiers
	)
) EXECUTE FUNCTION "listing_version_bump"();--> statement-breakpoint
DROP TRIGGER "listings_lot_version_bump" ON "listings";--> statement-breakpoint
CREATE TRIGGER "listings_lot_version_bump" BEFORE UPDATE ON "listings" FOR EACH ROW WHEN (
	NEW.lot_version = OLD.lot_version AND (
		OLD.title, OLD.description, OLD.product_type_id, OLD.strain, OLD.thc_content, OLD.cbd_content,
		OLD.zip_code, OLD.make_offer, OLD.asking_price, OLD.negotiable, OLD.tested, OLD.test_link,
		OLD.test_upload_key, OLD.batch_number, OLD.package_uids, OLD.coa_lab_name, OLD.coa_lab_license,
		OLD.coa_tested_at, OLD.coa_result, OLD.price_tiers
	) IS DISTINCT FROM (
		NEW.title, NEW.description, NEW.product_type_id, NEW.strain, NEW.thc_content, NEW.cbd_content,
		NEW.zip_code, NEW.make_offer, NEW.asking_price, NEW.negotiable, NEW.tested, NEW.test_link,
		NEW.test_upload_key, NEW.batch_number, NEW.package_uids, NEW.coa_lab_name, NEW.coa_lab_license,
		NEW.coa_tested_at, NEW.coa_result, NEW.price_tiers
	)
) EXECUTE FUNCTION "listing_lot_version_bump"();--> statement-breakpoint
-- The page cache (decisions 111 and 181): the product answer shows the tiers, so theirs is a public
-- column; no list filters or sorts on them, so a tier change drops only the answers showing the lot.
CREATE OR REPLACE FUNCTION "listings_catalog_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
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
				o."created_at", o."updated_at", o."batch_number", o."package_uids", o."coa_lab_name",
				o."coa_lab_license", o."coa_tested_at", o."coa_result", o."price_tiers")
			IS DISTINCT FROM (n."seller_id", n."title", n."description", n."product_type_id",
				n."category", n."strain", n."thc_content", n."cbd_content", n."zip_code",
				n."quantity_lbs", n."make_offer", n."asking_price", n."negotiable", n."tested",
				n."test_link", n."test_upload_key", n."test_upload_type", n."test_upload_name",
				n."is_active", n."moderation", n."seller_business_name", n."seller_verified",
				n."seller_county", n."created_at", n."updated_at", n."batch_number", n."package_uids",
				n."coa_lab_name", n."coa_lab_license", n."coa_tested_at", n."coa_result", n."price_tiers")
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
END $$;
