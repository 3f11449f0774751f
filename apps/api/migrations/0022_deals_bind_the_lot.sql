-- An offer binds the lot it was made on, and a cancelled order gives its pounds back only to the
-- lot it was sold from (decision 187). The listing's version of decision 165 moves with every
-- quantity change, accepted orders included, so it cannot tell a rewritten lot from a sale; two
-- counters of their own do. Constant defaults: adding the columns rewrites no rows, and every
-- existing offer and order starts level with its listing.
ALTER TABLE "listings" ADD COLUMN "lot_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "stock_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The deals code always writes these; the defaults only level the rows that exist today.
ALTER TABLE "offers" ADD COLUMN "lot_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "lot_version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lot_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "lot_version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "stock_version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "quantity_returned" boolean;--> statement-breakpoint
-- Until now a cancellation always put the quantity back while the listing existed.
UPDATE "order_events" AS e SET "quantity_returned" = (o."listing_id" IS NOT NULL)
	FROM "orders" AS o WHERE o."id" = e."order_id" AND e."status" = 'cancelled';--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_cancel_says_quantity"
	CHECK (("status" = 'cancelled') = ("quantity_returned" IS NOT NULL));--> statement-breakpoint
-- What is sold changes with any column of the edit form but the quantity, whoever writes it; the
-- seller's save bumps it itself for a gallery change (the trigger sees only columns), and a writer
-- that sets it is left alone. Orders write only quantity_lbs, so they never move it.
CREATE FUNCTION "listing_lot_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.lot_version := OLD.lot_version + 1;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_lot_version_bump" BEFORE UPDATE ON "listings" FOR EACH ROW WHEN (
	NEW.lot_version = OLD.lot_version AND (
		OLD.title, OLD.description, OLD.product_type_id, OLD.strain, OLD.thc_content, OLD.cbd_content,
		OLD.zip_code, OLD.make_offer, OLD.asking_price, OLD.negotiable, OLD.tested, OLD.test_link,
		OLD.test_upload_key
	) IS DISTINCT FROM (
		NEW.title, NEW.description, NEW.product_type_id, NEW.strain, NEW.thc_content, NEW.cbd_content,
		NEW.zip_code, NEW.make_offer, NEW.asking_price, NEW.negotiable, NEW.tested, NEW.test_link,
		NEW.test_upload_key
	)
) EXECUTE FUNCTION "listing_lot_version_bump"();
