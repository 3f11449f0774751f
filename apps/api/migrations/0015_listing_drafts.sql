-- Drafts and the listing version (decision 165). Both columns have constant defaults, so adding
-- them rewrites no rows; the check reads each row once.
ALTER TABLE "listings" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A draft is never active: PUBLIC_LISTING, REACHABLE_LISTING, the partial catalog indexes and the
-- catalog counters all start from is_active, so a draft is out of all of them whatever writes it.
ALTER TABLE "listings" ADD CONSTRAINT "listings_draft_not_active" CHECK (NOT ("is_draft" AND "is_active"));--> statement-breakpoint
-- The version goes up when a column the seller's edit form holds changes, whoever changes it: an
-- accepted order taking quantity writes only quantity_lbs, and the seller's form opened before it
-- must not save the old quantity back. A writer that sets version itself (the seller's update,
-- which also changes media) is left alone; a view (views_count) or an archive is not a change of
-- the form and keeps the version.
CREATE FUNCTION "listing_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.version := OLD.version + 1;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_version_bump" BEFORE UPDATE ON "listings" FOR EACH ROW WHEN (
	NEW.version = OLD.version AND (
		OLD.title, OLD.description, OLD.product_type_id, OLD.strain, OLD.thc_content, OLD.cbd_content,
		OLD.zip_code, OLD.quantity_lbs, OLD.make_offer, OLD.asking_price, OLD.negotiable, OLD.tested,
		OLD.test_link, OLD.test_upload_key
	) IS DISTINCT FROM (
		NEW.title, NEW.description, NEW.product_type_id, NEW.strain, NEW.thc_content, NEW.cbd_content,
		NEW.zip_code, NEW.quantity_lbs, NEW.make_offer, NEW.asking_price, NEW.negotiable, NEW.tested,
		NEW.test_link, NEW.test_upload_key
	)
) EXECUTE FUNCTION "listing_version_bump"();
