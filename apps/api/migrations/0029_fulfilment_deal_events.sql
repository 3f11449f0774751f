-- Scheduling and transit are moves of a deal like the others (issue 23, decision 214): the
-- parties' conversation gets a notice for each, so the notices' event type learns their names.
ALTER TYPE "deal_event" ADD VALUE IF NOT EXISTS 'order_scheduled' BEFORE 'order_fulfilled';--> statement-breakpoint
ALTER TYPE "deal_event" ADD VALUE IF NOT EXISTS 'order_in_transit' BEFORE 'order_fulfilled';
