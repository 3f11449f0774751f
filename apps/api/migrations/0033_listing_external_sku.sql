-- Bulk import of lots (issue 24 item 3, decision 230): the seller's own code for a lot, as their
-- ERP or spreadsheet names it, so an import updates the lot it names instead of adding another.
-- One live lot of a company per code: an archived lot keeps its code as history, and a new lot may
-- take it again (the same rule as the Metrc package UIDs, decision 211).
ALTER TABLE "listings" ADD COLUMN "external_sku" text;--> statement-breakpoint
CREATE UNIQUE INDEX "listings_seller_external_sku_idx" ON "listings" USING btree ("seller_id","external_sku") WHERE "external_sku" IS NOT NULL AND ("is_active" OR "is_draft" OR "coa_withheld" OR "moderation" = 'hidden');
