-- Deals as a company (issue 28, decisions 203 and 204). An offer records the login that made its
-- terms; an order's events already record theirs in actor_id. Until now both held the party's
-- id, which for every company of one is its founding login, so the backfill is exact.
-- An offer above its maker's order limit waits for the buying company's owner or manager: it is
-- stored with status awaiting_approval, out of the seller's sight, until one of them approves.
ALTER TYPE "offer_status" ADD VALUE IF NOT EXISTS 'awaiting_approval';--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "made_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "approved_by" uuid REFERENCES "users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "offers" SET "made_by_user_id" = CASE WHEN "made_by" = 'buyer' THEN "buyer_id" ELSE "seller_id" END;--> statement-breakpoint
-- The key after the backfill: checked once over the table, not once per updated row.
ALTER TABLE "offers" ADD CONSTRAINT "offers_made_by_user_id_users_id_fk" FOREIGN KEY ("made_by_user_id") REFERENCES "users"("id") ON DELETE set null;--> statement-breakpoint
-- Named by the closed statuses, not the live ones, so the new value need not be used in the
-- transaction that adds it.
ALTER TABLE "offers" DROP CONSTRAINT "offers_answered_when_closed";--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_answered_when_closed" CHECK ("status" NOT IN ('accepted', 'declined', 'withdrawn', 'countered') OR "responded_at" IS NOT NULL);
