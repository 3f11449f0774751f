-- A queued mail carries its files (an order confirmation's PDF, issue 27 item 13), in the row
-- itself so they survive a restart and a retry as the bodies do; base64 inside JSON.
ALTER TABLE "mail_queue" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
