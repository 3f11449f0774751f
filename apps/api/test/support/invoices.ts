import type { PaymentTerms } from '@canopy/shared';
import { and, eq, isNull, max } from 'drizzle-orm';
import { invoiceLines, invoices, orders } from '../../src/db/schema/index.ts';
import { uuidv7 } from '../../src/lib/ids.ts';
import type { TestApp } from './test-app.ts';

// Invoices for the payment tests, written straight into the tables: issuing one (scheduling the
// order) is another branch's route. An invoice is version n+1 of the order's, the older one
// stamped superseded, as a correction leaves them.

export interface TestInvoiceOptions {
  terms?: PaymentTerms;
  /** When the order was delivered; null leaves it undelivered (no due date). */
  deliveredAt?: Date | null;
  /** Dollars off line 1. */
  discount?: number;
}

export async function issueTestInvoice(test: TestApp, orderId: string, options: TestInvoiceOptions = {}) {
  const [order] = await test.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  await test.db
    .update(orders)
    .set({
      paymentTerms: options.terms ?? order.paymentTerms,
      ...(options.deliveredAt === undefined ? {} : { deliveredAt: options.deliveredAt }),
    })
    .where(eq(orders.id, orderId));
  const [last] = await test.db
    .select({ version: max(invoices.version) })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  const version = (last?.version ?? 0) + 1;
  await test.db
    .update(invoices)
    .set({ supersededAt: new Date() })
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.supersededAt)));
  const discount = options.discount ?? 0;
  const total = Math.round((order.quantityLbs * order.pricePerLb - discount) * 100) / 100;
  const id = uuidv7();
  const number = `INV-${order.number.slice(4)}`;
  await test.db.insert(invoices).values({
    id,
    orderId,
    version,
    sellerCompanyId: order.sellerId,
    number,
    paymentTerms: options.terms ?? order.paymentTerms,
    transportOrigin: `${order.seller.address.street}, ${order.seller.address.city}, CA`,
    parties: { seller: order.seller, buyer: order.buyer },
    total,
  });
  await test.db.insert(invoiceLines).values({
    invoiceId: id,
    position: 1,
    description: order.listingTitle,
    quantityLbs: order.quantityLbs,
    pricePerLb: order.pricePerLb,
    discount,
  });
  return { id, number, version, total };
}
