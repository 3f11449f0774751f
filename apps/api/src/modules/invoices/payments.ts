import { INVOICES, type InvoiceStandingDto, type recordPaymentSchema } from '@canopy/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { authorizeFound, dealRelation } from '../../lib/policy.ts';
import type { SessionUser } from '../../lib/session.ts';
import { queueInvoiceUpdated } from '../fulfilment/index.ts';
import { invoicePolicy } from './policy.ts';
import { invoiceStanding } from './standing.ts';

// Money the seller received against an order's invoice (issue 23 item 5). The order row is locked
// first, so payments against one order are taken one at a time: two recorded at once cannot each
// see the old balance and together pass it. Balance and status are never stored (standing.ts).

type PaymentInput = z.output<typeof recordPaymentSchema>;
type Viewer = SessionUser['user'];

/** The order's payments, oldest first. */
async function paymentsOf(db: Db, orderId: string) {
  return db
    .select({
      amount: payments.amount,
      method: payments.method,
      paidAt: payments.paidAt,
      reference: payments.reference,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt), asc(payments.id));
}

/** The order's current invoice as both parties read it, or null before one is issued. */
async function standingView(db: Db, orderId: string): Promise<InvoiceStandingDto | null> {
  const [standing, [order]] = await Promise.all([
    invoiceStanding(db, orderId),
    db
      .select({ number: orders.number, paymentTerms: orders.paymentTerms })
      .from(orders)
      .where(eq(orders.id, orderId)),
  ]);
  if (!standing || !order) return null;
  const { invoiceId: _invoiceId, ...figures } = standing;
  return {
    orderId,
    orderNumber: order.number,
    paymentTerms: order.paymentTerms,
    ...figures,
    payments: await paymentsOf(db, orderId),
  };
}

/** Records a payment and answers where the invoice now stands; refuses one past the balance. */
export async function recordPayment(
  db: Db,
  auth: Pick<SessionUser, 'user' | 'login'>,
  orderId: string,
  input: PaymentInput,
): Promise<InvoiceStandingDto> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: orders.id, buyerId: orders.buyerId, sellerId: orders.sellerId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    const order = authorizeFound(invoicePolicy, 'recordPayment', locked, (found) =>
      dealRelation(auth.user, found),
    );
    const standing = await invoiceStanding(tx, orderId);
    if (!standing) throw conflict(INVOICES.noInvoice);
    if (standing.balance <= 0) throw conflict(INVOICES.alreadyPaid);
    if (input.amount > standing.balance) {
      throw badRequest(INVOICES.overBalance(standing.balance), { code: 'payment_over_balance' });
    }
    await tx.insert(payments).values({
      id: uuidv7(),
      orderId,
      amount: input.amount,
      method: input.method,
      paidAt: input.paidAt,
      reference: input.reference,
      recordedBy: auth.login.id,
    });
    await queueInvoiceUpdated(tx, order);
    const view = await standingView(tx, orderId);
    if (!view) throw new Error('invoice vanished inside its payment transaction');
    return view;
  });
}

/** The standing of an order's invoice for one of its parties (or an admin). */
export async function visibleStanding(db: Db, viewer: Viewer, orderId: string) {
  const [order] = await db
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(orders)
    .where(eq(orders.id, orderId));
  authorizeFound(invoicePolicy, 'read', order, (found) => dealRelation(viewer, found));
  return standingView(db, orderId);
}
