ALTER TYPE "public"."token_purpose" ADD VALUE 'change_email';--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "email" text;--> statement-breakpoint
UPDATE "user_tokens" SET "email" = "users"."email" FROM "users" WHERE "users"."id" = "user_tokens"."user_id";--> statement-breakpoint
ALTER TABLE "user_tokens" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
DELETE FROM "login_throttle";--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "last_failure_at" timestamp with time zone DEFAULT now() NOT NULL;
