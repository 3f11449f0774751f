CREATE INDEX "users_license_number_norm_idx" ON "users" USING btree (upper(regexp_replace("license_number", '\s', '', 'g')));--> statement-breakpoint
CREATE TABLE "pending_profile_changes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"business_name" text NOT NULL,
	"license_number" text NOT NULL,
	"license_type" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_profile_changes" ADD CONSTRAINT "pending_profile_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_profile_changes_requested_idx" ON "pending_profile_changes" USING btree ("requested_at");
