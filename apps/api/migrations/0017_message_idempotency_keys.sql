-- A client may send a message with an Idempotency-Key; sending it again with the same key (its
-- answer lost on the way back) finds the stored message instead of storing a second (decision 179).
ALTER TABLE "messages" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_key_idx" ON "messages" USING btree ("sender_id","client_key") WHERE "client_key" IS NOT NULL;
