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
  // 0029_fulfilment_deal_events: nothing to undo (deal_event keeps its two values, added IF NOT EXISTS).
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
