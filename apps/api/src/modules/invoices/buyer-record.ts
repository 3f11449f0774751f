import { BUYER_RECORD_MIN_PAID, type BuyerRecordDto } from '@canopy/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, orders } from '../../db/schema/index.ts';
import { CURRENT_INVOICE, dueDateSql, paidSql } from './standing.ts';

// A buyer's record of paying on Canopy (issue 23 item 7, decision 219). An invoice counts once it
// is paid in full; it was paid on time when its last payment's date is on or before its due date
// (an order paid before it was delivered has no due date yet, and is on time); the days late are
// that last payment's date minus the due date, 0 when on time, averaged over every paid invoice.

const DAY_MS = 24 * 60 * 60_000;

/** The date the invoice was settled: its last payment's. */
const lastPaidSql = sql<
  string | null
>`(SELECT max(p.paid_at)::text FROM payments p WHERE p.order_id = ${orders.id})`;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** The record, or null while fewer than BUYER_RECORD_MIN_PAID of the buyer's invoices are paid. */
export async function buyerRecord(db: Db, buyerId: string): Promise<BuyerRecordDto | null> {
  const paid = await db
    .select({ dueDate: dueDateSql, lastPaid: lastPaidSql })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(
      and(
        eq(orders.buyerId, buyerId),
        CURRENT_INVOICE,
        sql`${invoices.total} - ${paidSql} <= 0`,
        sql`${lastPaidSql} IS NOT NULL`,
      ),
    );
  if (paid.length < BUYER_RECORD_MIN_PAID) return null;
  const daysLate = paid.map(({ dueDate, lastPaid }) =>
    dueDate && lastPaid ? Math.max(0, daysBetween(dueDate, lastPaid)) : 0,
  );
  const onTime = daysLate.filter((days) => days === 0).length;
  const sum = daysLate.reduce((total, days) => total + days, 0);
  return {
    paidInvoices: paid.length,
    onTimeShare: Math.round((onTime / paid.length) * 100) / 100,
    averageDaysLate: Math.round((sum / paid.length) * 10) / 10,
  };
}
