-- Views per listing and calendar day (Pacific time), for the seller's insights (issue 15, decisions
-- 160–164). Written only by the view counter's flush, which adds the views it just proved new;
-- inquiries and offers per day are read from messages and offers, which already hold their dates.
CREATE TABLE "listing_daily_stats" (
	"listing_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_daily_stats_listing_id_day_pk" PRIMARY KEY("listing_id","day"),
	CONSTRAINT "listing_daily_stats_views_not_negative" CHECK ("views" >= 0)
);
--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD CONSTRAINT "listing_daily_stats_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;
