// A database taken back to its shape at migration 0023, before companies (issue 28): what 0024 and
// 0025 added is dropped and the migrations journal forgets them, so running the migrations again
// applies 0024 onwards as on a database deployed before companies. Used by the migration's test
// (on the demo data) and its bench (bench/company-migration.ts, on a 100k-listing database).
// offer_status keeps 'awaiting_approval' (an enum value cannot be dropped); 0025 adds it IF NOT EXISTS.

/** 0024_companies' journal "when": the first migration to forget. */
const FIRST_COMPANY_MIGRATION = 1795701400000;

export const BACK_TO_0023: readonly string[] = [
  'DROP TABLE "company_invitations"',
  'DROP TABLE "company_members"',
  'DROP TABLE "companies"',
  'DROP TYPE "company_role"',
  'ALTER TABLE "offers" DROP COLUMN "made_by_user_id", DROP COLUMN "approval_required", DROP COLUMN "approved_by", DROP COLUMN "approved_at"',
  'ALTER TABLE "offers" DROP CONSTRAINT "offers_answered_when_closed"',
  `ALTER TABLE "offers" ADD CONSTRAINT "offers_answered_when_closed" CHECK ("status" IN ('open', 'expired') OR "responded_at" IS NOT NULL)`,
  `DELETE FROM "drizzle"."__drizzle_migrations" WHERE "created_at" >= ${FIRST_COMPANY_MIGRATION}`,
];
