import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  integer,
  jsonb,
  numeric,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Column builders for the declarations most tables repeat, so each reads as one line and the
// rule it carries (what happens on delete, which time zone) is written once.

/** The row's own id, a UUID the server makes (lib/ids.ts) rather than the database. */
export function primaryId() {
  return uuid('id').primaryKey();
}

/** A required reference to a row whose deletion takes this row with it. */
export function belongsTo<TName extends string>(name: TName, target: () => AnyPgColumn) {
  return uuid(name).notNull().references(target, { onDelete: 'cascade' });
}

/**
 * A required reference from a record that must keep what it records: the target cannot be deleted
 * while this row points at it (an order's lines, events, invoices and payments).
 */
export function recordOf<TName extends string>(name: TName, target: () => AnyPgColumn) {
  return uuid(name).notNull().references(target, { onDelete: 'restrict' });
}

/** An optional reference to a record that must stay while this row names it (the order a sample became). */
export function optionalRecordOf<TName extends string>(name: TName, target: () => AnyPgColumn) {
  return uuid(name).references(target, { onDelete: 'restrict' });
}

/** An optional reference that is cleared when its target goes (who did it, which lot it was about). */
export function optionalRef<TName extends string>(name: TName, target: () => AnyPgColumn) {
  return uuid(name).references(target, { onDelete: 'set null' });
}

/**
 * One row per Idempotency-Key a client sent (decision 179): a request repeated with the same key
 * finds the row stored the first time instead of storing a second. Rows without a key are free.
 */
export function clientKeyIndex(name: string, owner: AnyPgColumn, clientKey: AnyPgColumn) {
  return uniqueIndex(name).on(owner, clientKey).where(sql`"client_key" IS NOT NULL`);
}

/** Every moment is stored with its time zone (timestamptz), never as a bare wall-clock time. */
export function timestamptz<TName extends string>(name: TName) {
  return timestamp(name, { withTimezone: true });
}

/**
 * A line's quantity × price to the cent, computed by the database so no writer can store a wrong
 * total (an offer, an order, an order line).
 */
export function lineTotal() {
  return bigMoney('total').notNull().generatedAlwaysAs(sql`round("quantity_lbs" * "price_per_lb", 2)`);
}

/** A calendar day without a time or a zone (a delivery date, a payment date), read as YYYY-MM-DD. */
export function calendarDay<TName extends string>(name: TName) {
  return date(name, { mode: 'string' });
}

/**
 * A required copy, as JSON, of what something was when the row was written (an order's parties, a
 * fulfilment's distributor): later changes to the source leave it as it was.
 */
export function snapshot<T>(name: string) {
  return jsonb(name).$type<T>().notNull();
}

/** A count the server keeps (attempts, views, unread messages), starting at zero. */
export function counter<TName extends string>(name: TName) {
  return integer(name).notNull().default(0);
}

/** When the row was stored, set by the database. */
export function createdAt() {
  return timestamptz('created_at').notNull().defaultNow();
}

/** Dollars (or pounds) to the cent, read as a number: prices, quantities and payments. */
export function money<TName extends string>(name: TName) {
  return numeric(name, { precision: 12, scale: 2, mode: 'number' });
}

/** A total of quantity × price, wide enough for any product of two money columns. */
export function bigMoney<TName extends string>(name: TName) {
  return numeric(name, { precision: 22, scale: 2, mode: 'number' });
}
