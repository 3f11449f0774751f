-- Watched lots (decision 155): the price and quantity when the buyer began watching, and the ones
-- they last saw on the Watchlist page, so a note says what moved since they last looked.
CREATE TABLE "watchlist_items" (
	"user_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"watched_title" text NOT NULL,
	"watched_price" numeric(12, 2),
	"watched_quantity_lbs" numeric(12, 2) NOT NULL,
	"seen_price" numeric(12, 2),
	"seen_quantity_lbs" numeric(12, 2) NOT NULL,
	"seen_available" boolean DEFAULT true NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_items_user_id_listing_id_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The page lists a buyer's lots newest first; deleting a listing finds its watchers.
CREATE INDEX "watchlist_items_user_idx" ON "watchlist_items" USING btree ("user_id","watched_at" DESC);--> statement-breakpoint
CREATE INDEX "watchlist_items_listing_idx" ON "watchlist_items" USING btree ("listing_id");--> statement-breakpoint
-- The categories a signed-in user viewed or searched, and when last (decision 157): one row per
-- user and category, upserted, so the weekly digest reads a handful of rows per user.
CREATE TABLE "user_category_interest" (
	"user_id" uuid NOT NULL,
	"category" "product_category" NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_category_interest_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
ALTER TABLE "user_category_interest" ADD CONSTRAINT "user_category_interest_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- When the weekly digest last went to the user; claimed with UPDATE … RETURNING (decision 158).
ALTER TABLE "users" ADD COLUMN "last_digest_at" timestamp with time zone;
