-- API keys (issue 24, decision 222): a company's keys, each acting for the member who made it and
-- limited to its scopes. Only a SHA-256 of the secret is kept; the prefix finds the row.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_prefix_key" UNIQUE("prefix"),
	CONSTRAINT "api_keys_has_scopes" CHECK (cardinality("scopes") > 0)
);--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id","created_at");--> statement-breakpoint
-- Idempotency-Key (decision 223): the request a company sent under a key and, once it is done, its
-- answer, replayed to a retry for 24 hours. A row without an answer is a request still running.
CREATE TABLE "idempotency_keys" (
	"company_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"key" text NOT NULL,
	"request_digest" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("company_id","key")
);--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
