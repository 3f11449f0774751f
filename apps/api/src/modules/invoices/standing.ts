import { DISPLAY_TIME_ZONE, type InvoiceStatus, PAYMENT_TERM_DAYS, PAYMENT_TERMS } from '@canopy/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, orders } from '../../db/schema/index.ts';

// Where an order's current invoice stands (issue 23, decision 184): paid, balance, due date and
// status are computed when read, never stored, so a payment, a correction or the passing of a
// Pacific midnight can never leave a stale status behind. One SQL expression serves the single
// invoice, the filtered lists and the reminder sweep, so they cannot disagree.

/** The order's due date: the Pacific calendar date it was delivered, plus its terms' days; null before delivery. */
export const dueDateSql = sql<string | null>`(
  (${orders.deliveredAt} AT TIME ZONE ${DISPLAY_TIME_ZONE})::date
  + (CASE ${orders.paymentTerms} ${sql.join(
    PAYMENT_TERMS.map((terms) => sql`WHEN ${terms} THEN ${sql.raw(String(PAYMENT_TERM_DAYS[terms]))}`),
    sql` `,
  )} END)
)::text`;

/** Dollars recorded against the order. */
export const paidSql = sql<number>`COALESCE((SELECT sum(p.amount) FROM payments p WHERE p.order_id = ${orders.id}), 0)::float8`;

/** Today's Pacific calendar date, or the one given (tests and the reminder sweep pass theirs). */
const pacificToday = (today?: string) =>
  today ? sql`${today}::date` : sql`(now() AT TIME ZONE ${DISPLAY_TIME_ZONE})::date`;

/** open / partially_paid / paid / overdue for the current invoice joined as `invoices`. */
export function invoiceStatusSql(today?: string): SQL<InvoiceStatus> {
  return sql<InvoiceStatus>`CASE
    WHEN ${invoices.total} - ${paidSql} <= 0 THEN 'paid'
    WHEN ${dueDateSql}::date < ${pacificToday(today)} THEN 'overdue'
    WHEN ${paidSql} > 0 THEN 'partially_paid'
    ELSE 'open' END`;
}

/** Only the current version of each order's invoice: corrections keep their old rows. */
export const CURRENT_INVOICE = isNull(invoices.supersededAt);

/** Dollars to cents, as the balance is shown (paid is a sum of numeric(12,2) read as float8). */
export const toCents = (value: number) => Math.round(value * 100) / 100;

export interface InvoiceStanding {
  invoiceId: string;
  number: string;
  version: number;
  total: number;
  paid: number;
  balance: number;
  /** YYYY-MM-DD, or null until the order is delivered. */
  dueDate: string | null;
  status: InvoiceStatus;
}

/** The current invoice's standing for one order, or null when no invoice has been issued. */
export async function invoiceStanding(
  db: Db,
  orderId: string,
  today?: string,
): Promise<InvoiceStanding | null> {
  const [row] = await db
    .select({
      invoiceId: invoices.id,
      number: invoices.number,
      version: invoices.version,
      total: sql<number>`${invoices.total}::float8`,
      paid: paidSql,
      dueDate: dueDateSql,
      status: invoiceStatusSql(today),
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.orderId, orderId), CURRENT_INVOICE));
  if (!row) return null;
  return { ...row, balance: toCents(row.total - row.paid) };
}
