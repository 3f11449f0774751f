-- A buyer group's own cap on sample requests per Pacific month (issue 25 item 3, decision 244):
-- null keeps Canopy's default for the group's members.
ALTER TABLE "buyer_groups" ADD COLUMN "monthly_sample_cap" integer;--> statement-breakpoint
ALTER TABLE "buyer_groups" ADD CONSTRAINT "buyer_groups_sample_cap_range" CHECK ("monthly_sample_cap" IS NULL OR "monthly_sample_cap" BETWEEN 0 AND 100);
