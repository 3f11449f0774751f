import { DISPLAY_TIME_ZONE } from '@canopy/shared';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders } from '../../db/schema/index.ts';
import { csvDocument } from '../../lib/csv.ts';
import { dueDateSql } from '../invoices/index.ts';

// The company's orders for its books (issue 24 item 4, decision 231): one CSV row per order line,
// so an order of several lots is several rows sharing its number, oldest order first. Dates are
// Pacific calendar dates; the due date is the one the invoice counts from (delivery plus the payment
// terms), blank until the order is delivered.

export const ORDER_EXPORT_COLUMNS = [
  'order_number',
  'date',
  'status',
  'counterparty',
  'line',
  'lot',
  'pounds',
  'price_per_lb',
  'line_total',
  'payment_terms',
  'due_date',
] as const;

const money = (value: number) => value.toFixed(2);

/** Every order the company is a party to, bought or sold, as CSV. */
export async function ordersCsv(db: Db, companyId: string): Promise<string> {
  const rows = await db
    .select({
      number: orders.number,
      date: sql<string>`(${orders.createdAt} AT TIME ZONE ${DISPLAY_TIME_ZONE})::date::text`,
      status: orders.status,
      // The other party as the order recorded it: the snapshot outlives a deleted account.
      counterparty: sql<string>`CASE WHEN ${orders.sellerId} = ${companyId} THEN ${orders.buyer} ->> 'businessName' ELSE ${orders.seller} ->> 'businessName' END`,
      position: orderLines.position,
      lot: orderLines.listingTitle,
      pounds: orderLines.quantityLbs,
      price: orderLines.pricePerLb,
      total: orderLines.total,
      paymentTerms: orders.paymentTerms,
      dueDate: dueDateSql,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(or(eq(orders.buyerId, companyId), eq(orders.sellerId, companyId)))
    .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderLines.position));
  return csvDocument(
    ORDER_EXPORT_COLUMNS,
    rows.map((row) => [
      row.number,
      row.date,
      row.status,
      row.counterparty ?? '',
      String(row.position),
      row.lot,
      String(row.pounds),
      money(row.price),
      money(row.total),
      row.paymentTerms ?? '',
      row.dueDate ?? '',
    ]),
  );
}
