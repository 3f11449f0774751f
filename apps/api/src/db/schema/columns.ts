import { type AnyPgColumn, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

// Column builders for the declarations most tables repeat, so each reads as one line and the
// rule it carries (what happens on delete, which time zone) is written once.

/** A required reference to a row whose deletion takes this row with it. */
export function belongsTo<TName extends string>(name: TName, target: () => AnyPgColumn) {
  return uuid(name).notNull().references(target, { onDelete: 'cascade' });
}

/** Every moment is stored with its time zone (timestamptz), never as a bare wall-clock time. */
export function timestamptz<TName extends string>(name: TName) {
  return timestamp(name, { withTimezone: true });
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
