import { DEALS, FULFILMENT, formatLbs, type OrderStatus, type ScheduleOrder } from '@canopy/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  listings,
  type OrderRow,
  orderEvents,
  orderFulfilments,
  orderLines,
  orders,
} from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { authorizeFound, dealRelation } from '../../lib/policy.ts';
import {
  type DealCaller,
  dealSide,
  findOrder,
  type OrderView,
  orderPolicy,
  recordTransition,
  statusWords,
} from '../deals/index.ts';
import { distributorOfRecord } from './distributor.ts';
import { issueInvoice } from './invoice-issue.ts';

// Scheduling an order (issue 23 item 3): the seller names the distributor of record, the pick-up
// and arrival, the driver, the vehicle and the packages that go, and the invoice is issued in the
// same transaction. Rescheduling before transit replaces the schedule and issues the invoice's
// next version; once the order is in transit, both are what the state was told and stay.

/** Statuses from which a schedule (or a correction) may still change. */
const OPEN_TO_SCHEDULE: readonly OrderStatus[] = ['confirmed', 'scheduled'];
const ON_THE_WAY: readonly OrderStatus[] = ['in_transit', 'fulfilled', 'completed'];

/** Locks the order, asks the policy table for the move, and refuses a schedule that is frozen. */
export async function lockOpenOrder(
  tx: Db,
  caller: DealCaller,
  id: string,
  action: 'schedule' | 'correctInvoice',
): Promise<OrderRow & { offerId: string }> {
  const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
  const order = authorizeFound(orderPolicy, action, locked, (found) => dealRelation(caller.user, found));
  if (ON_THE_WAY.includes(order.status)) throw conflict(FULFILMENT.frozenInTransit);
  if (!OPEN_TO_SCHEDULE.includes(order.status)) {
    throw conflict(FULFILMENT.cannotSchedule(statusWords(order.status)), { code: 'order_move_refused' });
  }
  // The offer goes only with a deleted account (decision 221): nobody is left to ship to or from.
  if (order.offerId === null) throw conflict(DEALS.orderPartyGone);
  return { ...order, offerId: order.offerId };
}

/**
 * Lots that list their Metrc packages (decision 211) ship only those: when every lot of the order
 * lists its packages, each package named must be one of them. An order with a lot without a list
 * (or deleted since) is checked by form and weight alone, as a package may be that lot's.
 */
async function refuseForeignPackages(
  tx: Db,
  lines: readonly { listingId: string | null }[],
  packages: ScheduleOrder['packages'],
) {
  const ids = lines.map((line) => line.listingId).filter((id): id is string => id !== null);
  if (ids.length < lines.length || ids.length === 0) return;
  const lots = await tx
    .select({ packageUids: listings.packageUids })
    .from(listings)
    .where(inArray(listings.id, ids));
  if (lots.length < ids.length || lots.some((lot) => lot.packageUids.length === 0)) return;
  const listed = new Set(lots.flatMap((lot) => lot.packageUids));
  const foreign = packages.find((item) => !listed.has(item.uid));
  if (foreign) throw badRequest(FULFILMENT.packageNotOnLot(foreign.uid), { code: 'packages_refused' });
}

/** In whole cents, so no binary fraction decides whether two weights are equal. */
const cents = (pounds: number) => Math.round(pounds * 100);

export async function scheduleOrder(
  ctx: AppContext,
  caller: DealCaller,
  id: string,
  input: ScheduleOrder,
): Promise<{ order: OrderView; rescheduled: boolean }> {
  const rescheduled = await ctx.database.db.transaction(async (tx) => {
    const order = await lockOpenOrder(tx, caller, id, 'schedule');
    const party = dealSide(caller.user, order);
    // The packages carry every line's pounds (issue 25: an order may buy several lots).
    const lines = await tx
      .select({ listingId: orderLines.listingId, quantityLbs: orderLines.quantityLbs })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    const ordered = lines.reduce((sum, line) => sum + cents(line.quantityLbs), 0);
    const packed = input.packages.reduce((sum, item) => sum + cents(item.quantityLbs), 0);
    if (packed !== ordered) {
      throw badRequest(FULFILMENT.packagesDontAddUp(formatLbs(packed / 100), formatLbs(ordered / 100)), {
        code: 'packages_refused',
      });
    }
    await refuseForeignPackages(tx, lines, input.packages);
    const distributor = await distributorOfRecord(tx, order.sellerId, input.distributorLicenseNumber);
    const schedule = {
      distributor,
      pickupAt: new Date(input.pickupAt),
      estimatedArrivalAt: new Date(input.estimatedArrivalAt),
      driverName: input.driverName,
      driverLicenseNumber: input.driverLicenseNumber,
      vehicleMake: input.vehicleMake,
      vehicleModel: input.vehicleModel,
      vehiclePlate: input.vehiclePlate,
      packages: input.packages.map(({ uid, quantityLbs }) => ({ uid, quantityLbs })),
      scheduledBy: caller.login.id,
      scheduledAt: new Date(),
    };
    await tx
      .insert(orderFulfilments)
      .values({ orderId: order.id, ...schedule })
      .onConflictDoUpdate({ target: orderFulfilments.orderId, set: schedule });
    await tx
      .update(orders)
      .set({ status: 'scheduled', updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({
      id: uuidv7(),
      orderId: order.id,
      status: 'scheduled',
      by: party,
      actorId: caller.login.id,
    });
    const invoice = await issueInvoice(tx, order, caller.login.id);
    await recordTransition(ctx, tx, {
      actor: caller.user,
      by: caller.login,
      actorParty: party,
      event: 'order_scheduled',
      deal: { ...order, orderId: order.id, orderNumber: order.number },
      audit: {
        action: 'order.schedule',
        before: { status: order.status },
        after: {
          status: 'scheduled',
          distributor: distributor.licenseNumber,
          invoice: invoice.number,
          invoiceVersion: invoice.version,
        },
      },
    });
    return order.status === 'scheduled';
  });
  ctx.mailer.kick();
  const order = await findOrder(ctx.database.db, id);
  if (!order) throw new Error('order vanished after its transaction');
  return { order, rescheduled };
}
