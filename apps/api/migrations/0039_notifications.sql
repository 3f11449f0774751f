-- The notification centre (issue 25 item 6, decisions 249-251): one row per member who may see a
-- notice, written in the transaction of the event it tells of, so unread state and counts are each
-- member's own and the bell's count is an index read. Kept 90 days; an hourly sweep deletes older
-- rows. Each login's e-mail switches per kind are stored as the ones turned off, so every switch
-- (and a kind added later) starts on.
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"subject_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "notifications_member_idx" ON "notifications" USING btree ("user_id","company_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","company_id") WHERE "read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_switches_off" text[] DEFAULT '{}' NOT NULL;
