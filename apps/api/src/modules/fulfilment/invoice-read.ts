import { FULFILMENT, type InvoiceDto } from '@canopy/shared';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  invoiceLines,
  invoices,
  type OrderPartySnapshot,
  payments,
  type UserRow,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type OrderView, visibleOrder } from '../deals/index.ts';
import { invoiceStanding } from '../invoices/index.ts';

// GET /orders/{id}/invoice (issue 23 item 4): the current version as the wire contract
// reads it, its standing (paid, balance, due date, status) from the one standing expression
// (invoices/standing.ts), the payments recorded against the order, and every version.

type Viewer = Pick<UserRow, 'id' | 'role'>;

const partyOf = (party: OrderPartySnapshot) => ({
  businessName: party.businessName,
  address: { ...party.address },
  licenseNumber: party.licenseNumber,
});

export interface InvoiceView {
  order: OrderView;
  invoice: InvoiceDto;
}

/** The order (read by the order's own policy: parties and admins) and its current invoice. */
export async function visibleInvoice(db: Db, viewer: Viewer, orderId: string): Promise<InvoiceView> {
  const order = await visibleOrder(db, viewer, orderId);
  const [current] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), isNull(invoices.supersededAt)))
    .limit(1);
  const standing = await invoiceStanding(db, order.id);
  if (!current || !standing) throw notFound(FULFILMENT.invoiceNotIssued);
  const [lines, paid, versions] = await Promise.all([
    db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, current.id))
      .orderBy(asc(invoiceLines.position)),
    db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(asc(payments.paidAt), asc(payments.id)),
    db.select().from(invoices).where(eq(invoices.orderId, order.id)).orderBy(desc(invoices.version)),
  ]);
  return {
    order,
    invoice: {
      number: current.number,
      version: current.version,
      issuedAt: current.issuedAt.toISOString(),
      seller: partyOf(current.parties.seller),
      buyer: partyOf(current.parties.buyer),
      transportOrigin: current.transportOrigin,
      lines: lines.map((line) => ({
        description: line.description,
        quantityLbs: line.quantityLbs,
        unit: line.unit,
        pricePerLb: line.pricePerLb,
        discount: line.discount,
        amount: line.amount,
      })),
      total: current.total,
      paymentTerms: current.paymentTerms,
      dueDate: standing.dueDate,
      paid: standing.paid,
      balance: standing.balance,
      status: standing.status,
      payments: paid.map((payment) => ({
        amount: payment.amount,
        method: payment.method,
        paidAt: payment.paidAt,
        reference: payment.reference,
      })),
      orderId: order.id,
      orderNumber: order.number,
      versions: versions.map((version) => ({
        version: version.version,
        issuedAt: version.issuedAt.toISOString(),
        total: version.total,
        supersededAt: version.supersededAt?.toISOString() ?? null,
      })),
    },
  };
}
