import {
  type DealParty,
  DISPLAY_TIME_ZONE,
  INVOICE_STATUSES,
  type InvoiceExportPageQuery,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceSummaryDto,
  type InvoiceTotalsDto,
} from '@canopy/shared';
import { and, asc, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, orders } from '../../db/schema/index.ts';
import { csvDocument } from '../../lib/csv.ts';
import { CURRENT_INVOICE, dueDateSql, invoiceStatusSql, paidSql, toCents } from './standing.ts';

// The receivables (the seller's side) and payables (the buyer's) of issue 23 item 5: the current
// version of every invoice on one side, with the standing computed by standing.ts, as pages, as
// totals by status and as CSV.

type Viewer = { id: string; role: string };

/** The side a list shows: the one asked for, else the caller's own (a buyer's payables). */
export const sideOf = (viewer: Viewer, role: DealParty | undefined): DealParty =>
  role ?? (viewer.role === 'seller' ? 'seller' : 'buyer');

/** The caller's invoices on that side; an admin reads every one. */
function scope(viewer: Viewer, side: DealParty): SQL | undefined {
  if (viewer.role === 'admin') return undefined;
  return eq(side === 'seller' ? orders.sellerId : orders.buyerId, viewer.id);
}

/** The other business, as the invoice names it. */
const counterpartySql = (side: DealParty) =>
  sql<string>`${invoices.parties} -> ${side === 'seller' ? 'buyer' : 'seller'} ->> 'businessName'`;

const summaryColumns = (side: DealParty) => ({
  _id: invoices.id,
  orderId: orders.id,
  orderNumber: orders.number,
  number: invoices.number,
  version: invoices.version,
  counterparty: counterpartySql(side),
  issuedAt: invoices.issuedAt,
  issuedOn: sql<string>`(${invoices.issuedAt} AT TIME ZONE ${DISPLAY_TIME_ZONE})::date::text`,
  dueDate: dueDateSql,
  total: sql<number>`${invoices.total}::float8`,
  paid: paidSql,
  status: invoiceStatusSql(),
});

function selectSummaries(db: Db, side: DealParty, where: SQL | undefined) {
  return db
    .select(summaryColumns(side))
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(where)
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

const withBalance = (row: SummaryRow) => ({ ...row, balance: toCents(row.total - row.paid) });

function present(row: SummaryRow): InvoiceSummaryDto {
  const { issuedOn: _issuedOn, ...rest } = withBalance(row);
  return { ...rest, issuedAt: row.issuedAt.toISOString() };
}

const filterOf = (viewer: Viewer, side: DealParty, status: InvoiceStatus | undefined) =>
  and(CURRENT_INVOICE, scope(viewer, side), status ? sql`${invoiceStatusSql()} = ${status}` : undefined);

/** Count, total and balance per status over the whole side (the pages' headline figures). */
async function totalsBySide(db: Db, viewer: Viewer, side: DealParty): Promise<InvoiceTotalsDto> {
  const rows = await db
    .select({
      status: invoiceStatusSql(),
      n: count(),
      total: sql<number>`sum(${invoices.total})::float8`,
      paid: sql<number>`sum(${paidSql})::float8`,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(filterOf(viewer, side, undefined))
    // By position: the status expression carries parameters, so it cannot be repeated by value.
    .groupBy(sql`1`);
  const totals = Object.fromEntries(
    INVOICE_STATUSES.map((status) => [status, { count: 0, total: 0, balance: 0 }]),
  ) as InvoiceTotalsDto;
  for (const row of rows) {
    totals[row.status] = {
      count: row.n,
      total: toCents(row.total),
      balance: toCents(row.total - row.paid),
    };
  }
  return totals;
}

export async function listInvoices(db: Db, viewer: Viewer, query: InvoiceListQuery) {
  const side = sideOf(viewer, query.role);
  const where = filterOf(viewer, side, query.status);
  const [rows, [matching], totals] = await Promise.all([
    selectSummaries(db, side, where)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(where),
    totalsBySide(db, viewer, side),
  ]);
  return { side, rows: rows.map(present), total: matching?.n ?? 0, totals };
}

/**
 * One page of the JSON export (decision 231): the invoices the CSV holds, oldest first by id (ids
 * are time-ordered, so a page boundary never moves as new invoices arrive), after `cursor`.
 */
export async function invoiceExportPage(db: Db, viewer: Viewer, query: InvoiceExportPageQuery) {
  const side = sideOf(viewer, query.role);
  const rows = await db
    .select(summaryColumns(side))
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(
      and(filterOf(viewer, side, query.status), query.cursor ? gt(invoices.id, query.cursor) : undefined),
    )
    .orderBy(asc(invoices.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit).map(present);
  return { data: page, nextCursor: rows.length > query.limit ? (page.at(-1)?._id ?? null) : null };
}

const CSV_COLUMNS = [
  'invoice_number',
  'order_number',
  'counterparty',
  'issued',
  'due',
  'total',
  'paid',
  'balance',
  'status',
];

const money = (value: number) => value.toFixed(2);

/** Every invoice the filter matches, newest first, one CSV row each (dates are Pacific). */
export async function invoicesCsv(
  db: Db,
  viewer: Viewer,
  query: Pick<InvoiceListQuery, 'role' | 'status'>,
): Promise<string> {
  const side = sideOf(viewer, query.role);
  const rows = await selectSummaries(db, side, filterOf(viewer, side, query.status));
  return csvDocument(
    CSV_COLUMNS,
    rows
      .map(withBalance)
      .map((row) => [
        row.number,
        row.orderNumber,
        row.counterparty,
        row.issuedOn,
        row.dueDate ?? '',
        money(row.total),
        money(row.paid),
        money(row.balance),
        row.status,
      ]),
  );
}
