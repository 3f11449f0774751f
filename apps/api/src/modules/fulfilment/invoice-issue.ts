import { dealTotal, FULFILMENT, formatInvoiceNumber, formatUsd, roundCents } from '@canopy/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companyCounters,
  type InvoiceRow,
  invoiceLines,
  invoices,
  listings,
  type OrderRow,
  orderLines,
  productTypes,
} from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { queueInvoiceUpdated } from './invoice-event.ts';
import { addressLine, shipsFromPremises } from './premises.ts';

// Issuing an invoice version (issue 23 item 4, decision 184). Version 1 is issued when the order is
// scheduled, numbered INV- and the seller's own next number; a reschedule or a correction before
// transit issues version n+1 under the same number and stamps the one before it superseded, so
// every version stays readable. Lines are copied from the order's lines; a line's discount carries
// over from the version before unless the correction sets it anew.

/** The seller's next invoice number, taken in the issuing transaction (a rollback gives it back). */
async function nextInvoiceNumber(tx: Db, sellerId: string): Promise<string> {
  const [counter] = await tx
    .insert(companyCounters)
    .values({ companyId: sellerId, kind: 'invoice', nextValue: 2 })
    .onConflictDoUpdate({
      target: [companyCounters.companyId, companyCounters.kind],
      set: { nextValue: sql`${companyCounters.nextValue} + 1` },
    })
    .returning({ next: companyCounters.nextValue });
  if (!counter) throw new Error('invoice counter returned nothing');
  return formatInvoiceNumber(counter.next - 1);
}

/** The order's current invoice version, locked, or null before the first is issued. */
export async function currentInvoice(tx: Db, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.supersededAt)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** "Blue Dream greenhouse (Flower)": what the item is and its kind, as B&P §26161 asks. */
const describe = (title: string, kind: string | null) => (kind ? `${title} (${kind})` : title);

/**
 * Issues the order's next invoice version in the caller's transaction, the order row already
 * locked. `discounts` sets a line's discount by position; a discount above the line refuses.
 */
export async function issueInvoice(
  tx: Db,
  order: OrderRow,
  issuedBy: string,
  discounts: ReadonlyMap<number, number> = new Map(),
): Promise<InvoiceRow> {
  const previous = await currentInvoice(tx, order.id);
  const carried = previous
    ? await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, previous.id))
    : [];
  const lines = await tx
    .select({ line: orderLines, productType: productTypes.name })
    .from(orderLines)
    .leftJoin(listings, eq(listings.id, orderLines.listingId))
    .leftJoin(productTypes, eq(productTypes.id, listings.productTypeId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  for (const position of discounts.keys()) {
    if (!lines.some(({ line }) => line.position === position)) {
      throw badRequest(FULFILMENT.lineNotOnInvoice(position));
    }
  }
  const billed = lines.map(({ line, productType }) => {
    const gross = dealTotal(line.quantityLbs, line.pricePerLb);
    const discount =
      discounts.get(line.position) ?? carried.find((old) => old.position === line.position)?.discount ?? 0;
    if (discount > gross) throw badRequest(FULFILMENT.discountTooLarge(line.position, formatUsd(gross)));
    return {
      position: line.position,
      description: describe(line.listingTitle, productType),
      quantityLbs: line.quantityLbs,
      pricePerLb: line.pricePerLb,
      discount,
      amount: roundCents(gross - discount),
    };
  });

  if (previous) {
    await tx.update(invoices).set({ supersededAt: sql`now()` }).where(eq(invoices.id, previous.id));
  }
  const origin = await shipsFromPremises(tx, order);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      id: uuidv7(),
      orderId: order.id,
      version: previous ? previous.version + 1 : 1,
      sellerCompanyId: order.sellerId,
      number: previous?.number ?? (await nextInvoiceNumber(tx, order.sellerId)),
      paymentTerms: order.paymentTerms,
      transportOrigin: addressLine(origin),
      parties: { seller: order.seller, buyer: order.buyer },
      total: roundCents(billed.reduce((sum, line) => sum + line.amount, 0)),
      issuedBy,
    })
    .returning();
  if (!invoice) throw new Error('invoice insert returned nothing');
  await tx
    .insert(invoiceLines)
    .values(billed.map(({ amount: _amount, ...line }) => ({ ...line, invoiceId: invoice.id, unit: 'lb' })));
  await queueInvoiceUpdated(tx, order);
  return invoice;
}
