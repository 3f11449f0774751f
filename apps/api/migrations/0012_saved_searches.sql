-- Saved searches and their alert mails (issue 15, decision 150).
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_alerted_at" timestamp with time zone,
	CONSTRAINT "saved_searches_name_length" CHECK (char_length("name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_name_idx" ON "saved_searches" ("user_id", lower("name"));--> statement-breakpoint
CREATE INDEX "saved_searches_checked_idx" ON "saved_searches" ("last_checked_at");--> statement-breakpoint
-- The listings each saved search has already mailed about, so none is mailed twice; rows older
-- than the search's look-back window are pruned as it is checked.
CREATE TABLE "saved_search_alerted" (
	"saved_search_id" uuid NOT NULL REFERENCES "saved_searches"("id") ON DELETE CASCADE,
	"listing_id" uuid NOT NULL REFERENCES "listings"("id") ON DELETE CASCADE,
	"alerted_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("saved_search_id", "listing_id")
);
--> statement-breakpoint
-- When a listing first entered the public catalog: at insert for most, later for a lot whose
-- seller was verified (or that was first activated) afterwards. Listings already public before
-- this migration keep NULL: they are not new to anyone.
ALTER TABLE "listings" ADD COLUMN "first_public_at" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION "listing_first_public"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.first_public_at := now();
	RETURN NEW;
END $$;--> statement-breakpoint
-- Only the columns of the public predicate, and only until it is first set: a view count or an
-- edit never calls it.
CREATE TRIGGER "listings_first_public" BEFORE INSERT OR UPDATE OF "is_active", "seller_verified", "quantity_lbs" ON "listings" FOR EACH ROW WHEN (NEW."first_public_at" IS NULL AND NEW."is_active" AND NEW."seller_verified" AND NEW."quantity_lbs" > 0) EXECUTE FUNCTION "listing_first_public"();--> statement-breakpoint
CREATE INDEX "listings_public_first_public_idx" ON "listings" ("first_public_at") WHERE is_active AND seller_verified AND quantity_lbs > 0;
