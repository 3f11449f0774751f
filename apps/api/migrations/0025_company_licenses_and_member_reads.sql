-- Conversations as a company and several licenses (issue 28 items 4 and 5, decisions 208-210).
--
-- Messages: the party columns keep naming the businesses (company ids); sent_by_user_id names the
-- member who wrote it (decision 184: rows that record an act carry the acting member). Every
-- message a person typed so far was written by its business's founding login, whose id is the
-- company's; a deal's notice names no member.
ALTER TABLE "messages" ADD COLUMN "sent_by_user_id" uuid REFERENCES "users"("id") ON DELETE set null;--> statement-breakpoint
UPDATE "messages" SET "sent_by_user_id" = "sender_id" WHERE "deal_event" IS NULL;--> statement-breakpoint
-- Unread state per member (decision 208): one counter row per (conversation side, member), bumped
-- in the message's transaction for each member of the receiving company who may read messages, so
-- the list and the badge stay index reads that never count messages (decision 020).
CREATE TABLE "conversation_reads" (
	"owner_user_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_notified_at" timestamp with time zone,
	"mailed_through" timestamp with time zone,
	CONSTRAINT "conversation_reads_pkey" PRIMARY KEY("owner_user_id","participant_id","user_id"),
	CONSTRAINT "conversation_reads_conversation_fk" FOREIGN KEY ("owner_user_id","participant_id") REFERENCES "conversations"("owner_user_id","participant_id") ON DELETE cascade,
	CONSTRAINT "conversation_reads_unread_not_negative" CHECK ("unread_count" >= 0)
);--> statement-breakpoint
CREATE INDEX "conversation_reads_unread_idx" ON "conversation_reads" USING btree ("user_id") WHERE "unread_count" > 0;--> statement-breakpoint
-- Each company of one today: its founding owner's side carries the business's counter as it was
-- (the roles that may read messages, packages/shared/src/company/roles.ts).
-- What the business had read is when it last read the thread.
INSERT INTO "conversation_reads" ("owner_user_id", "participant_id", "user_id", "unread_count", "last_read_at", "last_notified_at")
	SELECT c."owner_user_id", c."participant_id", m."user_id", c."unread_count",
		(SELECT max(r."read_at") FROM "messages" r WHERE r."receiver_id" = c."owner_user_id" AND r."sender_id" = c."participant_id"),
		c."last_notified_at"
	FROM "conversations" c JOIN "company_members" m ON m."company_id" = c."owner_user_id"
	WHERE m."role" IN ('owner', 'manager', 'sales', 'purchasing', 'viewer');--> statement-breakpoint
DROP INDEX "conversations_unread_idx";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "unread_count";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "last_notified_at";--> statement-breakpoint
-- Licenses beyond the main one (decision 209); the main license stays on the company's row
-- (decision 201) and its id is the company's.
CREATE TABLE "company_licenses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"license_number" text NOT NULL,
	"license_type" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"county" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"document_key" text NOT NULL,
	"document_type" text NOT NULL,
	"status" "user_status" DEFAULT 'pending' NOT NULL,
	"review_reason" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"added_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "company_licenses_company_idx" ON "company_licenses" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_licenses_status_idx" ON "company_licenses" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "company_licenses_number_idx" ON "company_licenses" USING btree (upper(regexp_replace("license_number", '\s', '', 'g')));--> statement-breakpoint
-- Null means the company's main license.
ALTER TABLE "listings" ADD COLUMN "ships_from_license_id" uuid REFERENCES "company_licenses"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "buyer_license_id" uuid REFERENCES "company_licenses"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_license_id" uuid REFERENCES "company_licenses"("id") ON DELETE set null;
