// A database taken back to its shape at migration 0023, before companies (issue 28): what 0024 to
// 0026 added is dropped (the per-member unread counters folded back into the conversations) and the migrations journal forgets them, so running the migrations again
// applies 0024 onwards as on a database deployed before companies. Used by the migration's test
// (on the demo data) and its bench (bench/company-migration.ts, on a 100k-listing database).
// offer_status keeps 'awaiting_approval' (an enum value cannot be dropped); 0026 adds it IF NOT EXISTS.

/** 0024_companies' journal "when": the first migration to forget. */
const FIRST_COMPANY_MIGRATION = 1795701400000;

/**
 * Undoes what migrations after 0026 added, newest first. Each later migration adds its own undo
 * at the top of this list, so the round trip keeps proving the whole chain from 0023.
 */
const AFTER_0026: readonly string[] = [
  // 0042_catalog_shown_changes (its version of listing_search_changed goes with 0040's lines below)
  'DROP TRIGGER "listing_media_shown_inserted" ON "listing_media"',
  'DROP TRIGGER "listing_media_shown_updated" ON "listing_media"',
  'DROP TRIGGER "listing_media_shown_deleted" ON "listing_media"',
  'DROP TRIGGER "listing_media_shown_truncated" ON "listing_media"',
  'DROP TRIGGER "users_shown_changed" ON "users"',
  'DROP TRIGGER "product_types_shown_changed" ON "product_types"',
  'DROP FUNCTION "listing_media_shown_changed"()',
  'DROP FUNCTION "seller_shown_changed"()',
  'DROP FUNCTION "product_types_shown_changed"()',
  'DROP TABLE "catalog_shown_changes"',
  // 0041_buyer_group_sample_cap
  'ALTER TABLE "buyer_groups" DROP COLUMN "monthly_sample_cap"',
  // 0040_catalog_search_index
  'DROP TRIGGER "zz_listings_search_changed" ON "listings"',
  'DROP TRIGGER "listings_search_removed" ON "listings"',
  'DROP TRIGGER "listings_search_truncated" ON "listings"',
  'DROP FUNCTION "listing_search_changed"()',
  'DROP FUNCTION "listing_search_removed"()',
  'DROP TABLE "catalog_listing_removals"',
  'ALTER TABLE "listings" DROP COLUMN "search_xid"',
  // 0039_notifications
  'DROP TABLE "notifications"',
  'ALTER TABLE "users" DROP COLUMN "email_switches_off"',
  // 0038_wanted_posts
  'DROP TABLE "wanted_alerts", "wanted_answers", "wanted_posts"',
  'DROP TYPE "wanted_post_status"',
  // 0037_sample_requests: the sample columns and checks, then the table (the demo data has no $0 order).
  'ALTER TABLE "offer_lines" DROP CONSTRAINT "offer_lines_price_positive"',
  'ALTER TABLE "offer_lines" ADD CONSTRAINT "offer_lines_price_positive" CHECK ("price_per_lb" > 0)',
  'ALTER TABLE "order_lines" DROP COLUMN "sample_grams"',
  'ALTER TABLE "orders" DROP CONSTRAINT "orders_price_not_negative"',
  'ALTER TABLE "orders" ADD CONSTRAINT "orders_price_positive" CHECK ("price_per_lb" > 0)',
  'ALTER TABLE "offers" DROP CONSTRAINT "offers_price_positive"',
  'ALTER TABLE "offers" DROP COLUMN "sample_request_id"',
  'ALTER TABLE "offers" ADD CONSTRAINT "offers_price_positive" CHECK ("price_per_lb" > 0)',
  'DROP TABLE "sample_requests"',
  'DROP TYPE "sample_status"',
  // 0036_buyer_groups: its tables; the counters' function as 0010 wrote it (it names group_only);
  // then the column, which takes the public partial indexes with it (0036 makes them again).
  'DROP TABLE "buyer_group_listings", "buyer_group_members", "buyer_groups"',
  `CREATE OR REPLACE FUNCTION "catalog_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "catalog_counts" AS c SET "visible_listings" = c."visible_listings" + d.delta
		FROM (SELECT "category", count(*) AS delta FROM new_rows WHERE "is_active" AND "seller_verified" AND "quantity_lbs" > 0 GROUP BY "category") AS d
		WHERE c."category" = d."category";
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE "catalog_counts" AS c SET "visible_listings" = c."visible_listings" - d.delta
		FROM (SELECT "category", count(*) AS delta FROM old_rows WHERE "is_active" AND "seller_verified" AND "quantity_lbs" > 0 GROUP BY "category") AS d
		WHERE c."category" = d."category";
	ELSE
		UPDATE "catalog_counts" AS c SET "visible_listings" = c."visible_listings" + d.delta
		FROM (
			SELECT "category", sum(delta) AS delta FROM (
				SELECT "category", -1 AS delta FROM old_rows WHERE "is_active" AND "seller_verified" AND "quantity_lbs" > 0
				UNION ALL
				SELECT "category", 1 AS delta FROM new_rows WHERE "is_active" AND "seller_verified" AND "quantity_lbs" > 0
			) AS changes GROUP BY "category" HAVING sum(delta) <> 0
		) AS d
		WHERE c."category" = d."category";
	END IF;
	RETURN NULL;
END
$$`,
  'ALTER TABLE "listings" DROP COLUMN "group_only"',
  // 0035_offer_lines_and_cart
  'DROP TABLE "cart_items", "offer_lines"',
  'ALTER TABLE "order_lines" DROP COLUMN "stock_version"',
  // 0034_listing_price_tiers: the two version triggers name its column, so they go before it
  // (0028's undo below drops them IF EXISTS); its checks go with the column.
  'DROP TRIGGER "listings_version_bump" ON "listings"',
  'DROP TRIGGER "listings_lot_version_bump" ON "listings"',
  'ALTER TABLE "listings" DROP COLUMN "price_tiers"',
  // 0033_listing_external_sku
  'ALTER TABLE "listings" DROP COLUMN "external_sku"',
  // 0032_webhooks
  'DROP TABLE "webhook_deliveries", "webhook_subscriptions"',
  'DROP TYPE "webhook_delivery_status", "webhook_status"',
  // 0031_api_keys_and_idempotency
  'DROP TABLE "idempotency_keys", "api_keys"',
  // 0030_trade_records_kept: orders cascade from their accounts again (demo data has no orphans).
  'ALTER TABLE "order_events" DROP CONSTRAINT "order_events_order_id_orders_id_fk"',
  'ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade',
  'ALTER TABLE "orders" DROP CONSTRAINT "orders_offer_id_offers_id_fk"',
  'ALTER TABLE "orders" ALTER COLUMN "offer_id" SET NOT NULL',
  'ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id")',
  'ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade',
  'ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade',
  // 0029_fulfilment_deal_events: nothing to undo (deal_event keeps its two values, added IF NOT EXISTS).
  // 0028_lot_state_records: its gate and functions, the two version triggers that name its columns
  // (0028 drops them IF EXISTS and creates them again), and its columns. The catalog function it replaced is left naming them until 0028 replaces it again;
  // nothing in 0024 to 0027 updates a listing.
  'DROP TRIGGER "listings_coa_gate" ON "listings"',
  'DROP FUNCTION "listing_coa_gate"()',
  'DROP FUNCTION "listing_coa_status"(text, date)',
  'DROP TRIGGER IF EXISTS "listings_version_bump" ON "listings"',
  'DROP TRIGGER IF EXISTS "listings_lot_version_bump" ON "listings"',
  'ALTER TABLE "listings" DROP COLUMN "batch_number", DROP COLUMN "package_uids", DROP COLUMN "coa_lab_name", DROP COLUMN "coa_lab_license", DROP COLUMN "coa_tested_at", DROP COLUMN "coa_result", DROP COLUMN "coa_withheld"',
  // 0027_trade_records (order_status keeps 'scheduled' and 'in_transit', added IF NOT EXISTS).
  'DROP TABLE "company_counters", "invoice_reminders", "payments", "invoice_lines", "invoices", "order_fulfilments", "order_lines"',
  'ALTER TABLE "orders" DROP COLUMN "payment_terms", DROP COLUMN "delivered_at"',
  'ALTER TABLE "offers" DROP COLUMN "payment_terms"',
  'DROP TYPE "payment_terms", "payment_method"',
];

export const BACK_TO_0023: readonly string[] = [
  ...AFTER_0026,
  'ALTER TABLE "conversations" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL, ADD COLUMN "last_notified_at" timestamp with time zone, ADD CONSTRAINT "conversations_unread_not_negative" CHECK ("unread_count" >= 0)',
  `UPDATE "conversations" c SET "unread_count" = r."unread_count", "last_notified_at" = r."last_notified_at"
     FROM "conversation_reads" r
     WHERE r."owner_user_id" = c."owner_user_id" AND r."participant_id" = c."participant_id" AND r."user_id" = c."owner_user_id"`,
  'CREATE INDEX "conversations_unread_idx" ON "conversations" USING btree ("owner_user_id","last_message_at" DESC NULLS FIRST) WHERE "unread_count" > 0 AND "archived_at" IS NULL',
  'DROP TABLE "conversation_reads"',
  'ALTER TABLE "messages" DROP COLUMN "sent_by_user_id"',
  'ALTER TABLE "listings" DROP COLUMN "ships_from_license_id"',
  'ALTER TABLE "offers" DROP COLUMN "buyer_license_id"',
  'ALTER TABLE "orders" DROP COLUMN "buyer_license_id"',
  'DROP TABLE "company_licenses"',
  'DROP TABLE "company_invitations"',
  'DROP TABLE "company_members"',
  'DROP TABLE "companies"',
  'DROP TYPE "company_role"',
  'ALTER TABLE "offers" DROP COLUMN "made_by_user_id", DROP COLUMN "approval_required", DROP COLUMN "approved_by", DROP COLUMN "approved_at"',
  'ALTER TABLE "offers" DROP CONSTRAINT "offers_answered_when_closed"',
  `ALTER TABLE "offers" ADD CONSTRAINT "offers_answered_when_closed" CHECK ("status" IN ('open', 'expired') OR "responded_at" IS NOT NULL)`,
  `DELETE FROM "drizzle"."__drizzle_migrations" WHERE "created_at" >= ${FIRST_COMPANY_MIGRATION}`,
];
