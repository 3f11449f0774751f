-- The catalog's in-process search index (decisions 252–254) keeps itself current by reading what
-- changed since it last looked. A listing row carries the id of the transaction that last changed
-- what the index holds of it (search_xid); a removed listing leaves a row in
-- catalog_listing_removals. An instance remembers the oldest transaction still running when it
-- last read (pg_snapshot_xmin), and next reads every row at or past it: a transaction that
-- commits late, after a younger one, is still read, whatever order the commits came in.
ALTER TABLE "listings" ADD COLUMN "search_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_search_xid_idx" ON "listings" USING btree ("search_xid");--> statement-breakpoint
-- listing_id null: the whole table was emptied (TRUNCATE), and every instance rebuilds.
CREATE TABLE "catalog_listing_removals" (
	"listing_id" uuid,
	"xid" bigint NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "catalog_listing_removals_xid_idx" ON "catalog_listing_removals" USING btree ("xid");--> statement-breakpoint
-- Named to run after every other BEFORE trigger on listings (they run in name order), so it sees
-- what the COA gate and the version triggers made of the row. The columns are those the index
-- reads (search-index/columns.ts; a test changes each one and expects search_xid to move): the
-- public predicate's, the search text's, the facets' and the sorts'. A view or a version bump
-- alone leaves it as it was.
CREATE FUNCTION "listing_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' OR (OLD."is_active", OLD."seller_verified", OLD."quantity_lbs", OLD."title",
		OLD."strain", OLD."description", OLD."seller_business_name", OLD."category", OLD."seller_id",
		OLD."seller_county", OLD."tested", OLD."make_offer", OLD."asking_price", OLD."thc_content",
		OLD."cbd_content", OLD."created_at", OLD."group_only")
		IS DISTINCT FROM (NEW."is_active", NEW."seller_verified", NEW."quantity_lbs", NEW."title",
		NEW."strain", NEW."description", NEW."seller_business_name", NEW."category", NEW."seller_id",
		NEW."seller_county", NEW."tested", NEW."make_offer", NEW."asking_price", NEW."thc_content",
		NEW."cbd_content", NEW."created_at", NEW."group_only") THEN
		NEW."search_xid" := pg_current_xact_id()::text::bigint;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "zz_listings_search_changed" BEFORE INSERT OR UPDATE ON "listings" FOR EACH ROW EXECUTE FUNCTION "listing_search_changed"();--> statement-breakpoint
CREATE FUNCTION "listing_search_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		INSERT INTO "catalog_listing_removals" ("listing_id", "xid") VALUES (NULL, pg_current_xact_id()::text::bigint);
	ELSE
		INSERT INTO "catalog_listing_removals" ("listing_id", "xid")
			SELECT "id", pg_current_xact_id()::text::bigint FROM "removed_rows";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_search_removed" AFTER DELETE ON "listings" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_search_removed"();--> statement-breakpoint
CREATE TRIGGER "listings_search_truncated" AFTER TRUNCATE ON "listings" FOR EACH STATEMENT EXECUTE FUNCTION "listing_search_removed"();
