-- A seller's form may create a listing with an Idempotency-Key; the same form sent again with the
-- key (a lost answer, a second click) finds the listing instead of creating another (decision 193).
ALTER TABLE "listings" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "client_key_digest" text;--> statement-breakpoint
CREATE UNIQUE INDEX "listings_seller_client_key_idx" ON "listings" USING btree ("seller_id","client_key") WHERE "client_key" IS NOT NULL;
