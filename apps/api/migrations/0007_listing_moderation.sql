CREATE TYPE "public"."listing_moderation" AS ENUM('clear', 'hidden');--> statement-breakpoint
CREATE TABLE "listing_review_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" text,
	"resolution_reason" text
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "moderation" "listing_moderation" DEFAULT 'clear' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_review_requests" ADD CONSTRAINT "listing_review_requests_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_review_requests" ADD CONSTRAINT "listing_review_requests_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_review_requests_open_idx" ON "listing_review_requests" USING btree ("listing_id") WHERE "resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "listing_review_requests_queue_idx" ON "listing_review_requests" USING btree ("created_at","id") WHERE "resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "listing_review_requests_listing_idx" ON "listing_review_requests" USING btree ("listing_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_hidden_not_active" CHECK ("listings"."moderation" = 'clear' OR NOT "listings"."is_active");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_hidden_has_reason" CHECK ("listings"."moderation" = 'clear' OR "listings"."moderation_reason" IS NOT NULL);
