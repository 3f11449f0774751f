-- A business, not a login (issue 28, decision 184). A company's id is its founding login's id, and
-- that login's row keeps carrying the business profile (name, license, address, review status),
-- so every id on the wire and every SPEC call reads as before. Logins act for a company as members
-- with a role; every buyer and seller today becomes the owner of a company of one.
CREATE TYPE "company_role" AS ENUM('owner', 'manager', 'sales', 'purchasing', 'finance', 'viewer');--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"require_two_factor" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"role" "company_role" NOT NULL,
	"order_limit" numeric(12, 2),
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" uuid REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "company_members_order_limit_positive" CHECK ("order_limit" IS NULL OR "order_limit" > 0)
);--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id","role");--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"role" "company_role" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"revoked_at" timestamp with time zone,
	"invited_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "company_invitations_not_owner" CHECK ("role" <> 'owner')
);--> statement-breakpoint
CREATE INDEX "company_invitations_company_idx" ON "company_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
INSERT INTO "companies" ("id", "created_at") SELECT "id", "created_at" FROM "users" WHERE "role" <> 'admin';--> statement-breakpoint
INSERT INTO "company_members" ("user_id", "company_id", "role", "added_at") SELECT "id", "id", 'owner', "created_at" FROM "users" WHERE "role" <> 'admin';
