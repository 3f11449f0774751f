-- The catalog keeps the products it shows in memory beside its search index (decision 264), so the
-- mark the index reads must move whenever anything a product shows changes, not only what the
-- index searches, filters and sorts on.
-- 1. A listing's mark (search_xid) now moves on a change to any of its columns but its view count
--    and the columns the database computes from the others. Every column is watched unless named
--    here, so a column added later is watched without anyone remembering to add it.
CREATE OR REPLACE FUNCTION "listing_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' OR (to_jsonb(OLD) - ARRAY['views_count', 'search_xid', 'search', 'name_key', 'listed_price'])
		IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['views_count', 'search_xid', 'search', 'name_key', 'listed_price']) THEN
		NEW."search_xid" := pg_current_xact_id()::text::bigint;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
-- 2. What a product shows from other tables: its pictures (a listing id), its seller's name,
--    license and status (a seller id: every listing of theirs), a product type's name (neither:
--    every listing). Read by xid as the listings are, and forgotten after seven days as removals are.
CREATE TABLE "catalog_shown_changes" (
	"listing_id" uuid,
	"seller_id" uuid,
	"xid" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "catalog_shown_changes_xid_idx" ON "catalog_shown_changes" USING btree ("xid");--> statement-breakpoint
CREATE FUNCTION "listing_media_shown_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		INSERT INTO "catalog_shown_changes" ("xid") VALUES (pg_current_xact_id()::text::bigint);
	ELSE
		INSERT INTO "catalog_shown_changes" ("listing_id", "xid")
			SELECT DISTINCT "listing_id", pg_current_xact_id()::text::bigint FROM "changed_rows";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listing_media_shown_inserted" AFTER INSERT ON "listing_media" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_media_shown_changed"();--> statement-breakpoint
CREATE TRIGGER "listing_media_shown_updated" AFTER UPDATE ON "listing_media" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_media_shown_changed"();--> statement-breakpoint
CREATE TRIGGER "listing_media_shown_deleted" AFTER DELETE ON "listing_media" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_media_shown_changed"();--> statement-breakpoint
CREATE TRIGGER "listing_media_shown_truncated" AFTER TRUNCATE ON "listing_media" FOR EACH STATEMENT EXECUTE FUNCTION "listing_media_shown_changed"();--> statement-breakpoint
CREATE FUNCTION "seller_shown_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "catalog_shown_changes" ("seller_id", "xid") VALUES (NEW."id", pg_current_xact_id()::text::bigint);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_shown_changed" AFTER UPDATE ON "users" FOR EACH ROW
	WHEN ((OLD."business_name", OLD."license_type", OLD."license_number", OLD."status")
		IS DISTINCT FROM (NEW."business_name", NEW."license_type", NEW."license_number", NEW."status"))
	EXECUTE FUNCTION "seller_shown_changed"();--> statement-breakpoint
CREATE FUNCTION "product_types_shown_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "catalog_shown_changes" ("xid") VALUES (pg_current_xact_id()::text::bigint);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_types_shown_changed" AFTER UPDATE OR DELETE ON "product_types" FOR EACH STATEMENT EXECUTE FUNCTION "product_types_shown_changed"();
