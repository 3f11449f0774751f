-- Lots carry their state record (issue 23 item 1, decisions 211 and 212): the batch, the Metrc
-- package UIDs and the certificate of analysis (lab, lab license, test date, result; the document
-- stays the lab-results upload). A COA is all four facts or none.
ALTER TABLE "listings" ADD COLUMN "batch_number" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "package_uids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "coa_lab_name" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "coa_lab_license" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "coa_tested_at" date;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "coa_result" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "coa_withheld" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_coa_result" CHECK ("coa_result" IS NULL OR "coa_result" IN ('pass', 'fail'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_coa_whole" CHECK (
	("coa_lab_name" IS NULL) = ("coa_lab_license" IS NULL)
	AND ("coa_lab_name" IS NULL) = ("coa_tested_at" IS NULL)
	AND ("coa_lab_name" IS NULL) = ("coa_result" IS NULL)
);--> statement-breakpoint
-- A lot its COA keeps out of the catalog is never active, like a hidden one, so every public
-- predicate, partial index and counter leaves it out whatever path writes is_active.
ALTER TABLE "listings" ADD CONSTRAINT "listings_withheld_not_active" CHECK (NOT ("coa_withheld" AND "is_active"));--> statement-breakpoint
-- Where a COA stands on today's date in California (DISPLAY_TIME_ZONE): failed; expired once 12
-- months have passed since the test date; expiring from 11 months; else current; missing without
-- one. The one definition of it: the gate below, the daily sweep and every read use this function.
CREATE FUNCTION "listing_coa_status"(text, date) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT CASE
		WHEN $1 IS NULL THEN 'missing'
		WHEN $1 = 'fail' THEN 'failed'
		WHEN ($2 + interval '12 months')::date <= (now() AT TIME ZONE 'America/Los_Angeles')::date THEN 'expired'
		WHEN ($2 + interval '11 months')::date <= (now() AT TIME ZONE 'America/Los_Angeles')::date THEN 'expiring'
		ELSE 'current'
	END
$$;--> statement-breakpoint
-- The gate: a write that would leave a lot active with an expired or failed COA leaves it out of
-- the catalog instead, marked withheld; a withheld lot whose COA no longer bars it (the seller
-- fixed it) is listed again, unless it has since become a draft or hidden. Whoever writes (the
-- seller's save, a relist, an admin's restore, the sweep) passes here.
CREATE FUNCTION "listing_coa_gate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF "listing_coa_status"(NEW."coa_result", NEW."coa_tested_at") IN ('expired', 'failed') THEN
		IF NEW."is_active" THEN
			NEW."is_active" := false;
			NEW."coa_withheld" := true;
		END IF;
	ELSIF NEW."coa_withheld" AND NOT NEW."is_draft" AND NEW."moderation" = 'clear' THEN
		NEW."is_active" := true;
		-- listings_first_public fires only when a statement sets is_active, which this one did not.
		IF NEW."first_public_at" IS NULL AND NEW."seller_verified" AND NEW."quantity_lbs" > 0 THEN
			NEW."first_public_at" := now();
		END IF;
	END IF;
	IF NEW."is_active" THEN
		NEW."coa_withheld" := false;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
-- Only rows with a COA, or withheld, can change here: the others (most lots, every view count) skip it.
CREATE TRIGGER "listings_coa_gate" BEFORE INSERT OR UPDATE ON "listings" FOR EACH ROW
	WHEN (NEW."coa_result" IS NOT NULL OR NEW."coa_withheld") EXECUTE FUNCTION "listing_coa_gate"();--> statement-breakpoint
-- The daily sweep looks only at listed lots whose COA is over 11 months old.
CREATE INDEX "listings_active_coa_idx" ON "listings" ("coa_tested_at") WHERE "is_active" AND "coa_tested_at" IS NOT NULL;--> statement-breakpoint
-- The state record is part of the edit form and of what is sold (decisions 165 and 187). IF EXISTS:
-- the companies round trip (test/support/before-companies.ts) drops these with the columns.
DROP TRIGGER IF EXISTS "listings_version_bump" ON "listings";--> statement-breakpoint
CREATE TRIGGER "listings_version_bump" BEFORE UPDATE ON "listings" FOR EACH ROW WHEN (
	NEW.version = OLD.version AND (
		OLD.title, OLD.description, OLD.product_type_id, OLD.strain, OLD.thc_content, OLD.cbd_content,
		OLD.zip_code, OLD.quantity_lbs, OLD.make_offer, OLD.asking_price, OLD.negotiable, OLD.tested,
		OLD.test_link, OLD.test_upload_key, OLD.batch_number, OLD.package_uids, OLD.coa_lab_name,
		OLD.coa_lab_license, OLD.coa_tested_at, OLD.coa_result
	) IS DISTINCT FROM (
		NEW.title, NEW.description, NEW.product_type_id, NEW.strain, NEW.thc_content, NEW.cbd_content,
		NEW.zip_code, NEW.quantity_lbs, NEW.make_offer, NEW.asking_price, NEW.negotiable, NEW.tested,
		NEW.test_link, NEW.test_upload_key, NEW.batch_number, NEW.package_uids, NEW.coa_lab_name,
		NEW.coa_lab_license, NEW.coa_tested_at, NEW.coa_result
	)
) EXECUTE FUNCTION "listing_version_bump"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "listings_lot_version_bump" ON "listings";--> statement-breakpoint
CREATE TRIGGER "listings_lot_version_bump" BEFORE UPDATE ON "listings" FOR EACH ROW WHEN (
	NEW.lot_version = OLD.lot_version AND (
		OLD.title, OLD.description, OLD.product_type_id, OLD.strain, OLD.thc_content, OLD.cbd_content,
		OLD.zip_code, OLD.make_offer, OLD.asking_price, OLD.negotiable, OLD.tested, OLD.test_link,
		OLD.test_upload_key, OLD.batch_number, OLD.package_uids, OLD.coa_lab_name, OLD.coa_lab_license,
		OLD.coa_tested_at, OLD.coa_result
	) IS DISTINCT FROM (
		NEW.title, NEW.description, NEW.product_type_id, NEW.strain, NEW.thc_content, NEW.cbd_content,
		NEW.zip_code, NEW.make_offer, NEW.asking_price, NEW.negotiable, NEW.tested, NEW.test_link,
		NEW.test_upload_key, NEW.batch_number, NEW.package_uids, NEW.coa_lab_name, NEW.coa_lab_license,
		NEW.coa_tested_at, NEW.coa_result
	)
) EXECUTE FUNCTION "listing_lot_version_bump"();--> statement-breakpoint
-- The page cache (decisions 111 and 181): the product answer now shows the state record, so its
-- columns are public ones; what lists filter on is unchanged (the tested facet reads "tested",
-- which the write derives from the COA, and a barred lot leaves through is_active).
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
				o."coa_lab_license", o."coa_tested_at", o."coa_result")
			IS DISTINCT FROM (n."seller_id", n."title", n."description", n."product_type_id",
				n."category", n."strain", n."thc_content", n."cbd_content", n."zip_code",
				n."quantity_lbs", n."make_offer", n."asking_price", n."negotiable", n."tested",
				n."test_link", n."test_upload_key", n."test_upload_type", n."test_upload_name",
				n."is_active", n."moderation", n."seller_business_name", n."seller_verified",
				n."seller_county", n."created_at", n."updated_at", n."batch_number", n."package_uids",
				n."coa_lab_name", n."coa_lab_license", n."coa_tested_at", n."coa_result")
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
-- The product answer and the storefront show the seller's license number (B&P §26151, decision 213).
DROP TRIGGER "users_catalog_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_catalog_changed" AFTER UPDATE OF "business_name", "license_type", "license_number", "status" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
