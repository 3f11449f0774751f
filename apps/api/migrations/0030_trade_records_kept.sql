-- Trade records are kept (issue 23 item 8, decisions 184 and 221): deleting an account or a
-- listing no longer takes its orders with it. An order names its two businesses in its own
-- snapshot columns (buyer, seller), so the party ids stay as the record of who traded, without a
-- foreign key that would cascade or block; the offer an order came from may go with its account,
-- leaving offer_id null; an order's timeline goes only with the order, which nothing deletes.
ALTER TABLE "orders" DROP CONSTRAINT "orders_buyer_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_seller_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_offer_id_offers_id_fk";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "offer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;
