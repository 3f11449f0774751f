import { DEALS, type OrderStatus, type orderStatusSchema } from '@canopy/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listings, type OrderRow, orderEvents, orderLines, orders } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { authorizeFound, dealRelation } from '../../lib/policy.ts';
import { recordTransition } from './notices.ts';
import type { DealCaller } from './offers.ts';
import { dealSide, orderPolicy } from './policy.ts';
import { findOrder, type OrderView } from './read-model.ts';

// An order's life after acceptance (issue 14): confirmed → fulfilled (by the seller) → completed
// (by the buyer), or cancelled by either side before fulfilment, with a reason, which gives the
// quantity back to the listing it was sold from, if the seller has not changed it since (decision
// 187). Issue 23 puts scheduling (modules/fulfilment) and transit between: scheduled → in_transit
// (seller) → fulfilled, and a scheduled order may still be cancelled; once in transit it may not.
// Marking an order fulfilled records when it was delivered, which its invoice's due date counts
// from. Each change locks the order row, so two changes run in turn.

type Change = z.output<typeof orderStatusSchema>;

/** The policy action each change is (who may make it is in policy.ts), and the statuses it is made from. */
const TRANSITIONS = {
  in_transit: { action: 'ship', from: ['scheduled'] },
  // From confirmed for an order that skipped scheduling; a scheduled one goes in transit first.
  fulfilled: { action: 'fulfil', from: ['confirmed', 'in_transit'] },
  completed: { action: 'complete', from: ['fulfilled'] },
  cancelled: { action: 'cancel', from: ['confirmed', 'scheduled'] },
} as const satisfies Record<
  Change['status'],
  { action: keyof typeof orderPolicy.rules; from: readonly OrderStatus[] }
>;

/** A status as the refusal reads it: "in transit", not "in_transit". */
export const statusWords = (status: string) => status.replace(/_/g, ' ');

const EVENTS = {
  in_transit: { event: 'order_in_transit', action: 'order.ship' },
  fulfilled: { event: 'order_fulfilled', action: 'order.fulfil' },
  completed: { event: 'order_completed', action: 'order.complete' },
  cancelled: { event: 'order_cancelled', action: 'order.cancel' },
} as const;

/**
 * A cancelled order's pounds go back on each line's listing only while it is the lot they were
 * sold from at the quantity the seller last set: orders taking or returning pounds meanwhile move
 * neither counter, a seller's rewrite or new quantity moves one, and then the seller's figure
 * stands. One conditional update per line, so each listing's row lock decides against a concurrent
 * save; the lines go in listing order, as acceptance locks them. The answer is whether every
 * line's pounds went back (decision 238).
 */
async function returnQuantity(tx: Db, order: OrderRow): Promise<boolean> {
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.listingId));
  let everyLine = lines.length > 0;
  for (const line of lines) {
    if (!line.listingId) {
      everyLine = false;
      continue;
    }
    const returned = await tx
      .update(listings)
      .set({ quantityLbs: sql`${listings.quantityLbs} + ${line.quantityLbs}` })
      .where(
        and(
          eq(listings.id, line.listingId),
          eq(listings.lotVersion, line.listingVersion),
          eq(listings.stockVersion, line.stockVersion),
        ),
      )
      .returning({ id: listings.id });
    if (returned.length === 0) everyLine = false;
  }
  return everyLine;
}

export async function changeOrderStatus(
  ctx: AppContext,
  caller: DealCaller,
  id: string,
  change: Change,
): Promise<OrderView> {
  const actor = caller.user;
  await ctx.database.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
    const rule = TRANSITIONS[change.status];
    const order = authorizeFound(orderPolicy, rule.action, locked, (found) => dealRelation(actor, found));
    const party = dealSide(actor, order);
    if (!(rule.from as readonly OrderStatus[]).includes(order.status))
      throw conflict(DEALS.orderTransition(statusWords(order.status), statusWords(change.status)), {
        code: 'order_move_refused',
      });

    await tx
      .update(orders)
      .set({
        status: change.status,
        updatedAt: sql`now()`,
        ...(change.status === 'fulfilled' ? { deliveredAt: sql`now()` } : {}),
      })
      .where(eq(orders.id, order.id));
    const quantityReturned = change.status === 'cancelled' ? await returnQuantity(tx, order) : null;
    await tx.insert(orderEvents).values({
      id: uuidv7(),
      orderId: order.id,
      status: change.status,
      by: party,
      actorId: caller.login.id,
      reason: change.reason,
      quantityReturned,
    });
    // The offer goes only with a deleted account (decision 221): the order stays a record, but
    // there is nobody left on the other side to move it with.
    if (order.offerId === null) throw conflict(DEALS.orderPartyGone);
    const { event, action } = EVENTS[change.status];
    const deal = { ...order, offerId: order.offerId, orderId: order.id, orderNumber: order.number };
    await recordTransition(ctx, tx, {
      actor,
      by: caller.login,
      actorParty: party,
      event,
      deal,
      detail: { reason: change.reason },
      audit: {
        action,
        before: { status: order.status },
        after: { status: change.status, ...(quantityReturned === null ? {} : { quantityReturned }) },
        reason: change.reason,
      },
    });
  });
  ctx.mailer.kick();
  const order = await findOrder(ctx.database.db, id);
  if (!order) throw new Error('order vanished after its transaction');
  return order;
}
