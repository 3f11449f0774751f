import type { DealParty, OfferListQuery, OfferStatus, OrderListQuery, PaymentTerms } from '@canopy/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  lte,
  or,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  type OfferLineRow,
  type OrderEventRow,
  type OrderFulfilmentRow,
  type OrderLineRow,
  type OrderRow,
  offerLines,
  offers,
  orderEvents,
  orderFulfilments,
  orderLines,
  orders,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
import { authorizeFound, dealRelation } from '../../lib/policy.ts';
import { dueDateSql } from '../invoices/index.ts';
import { offerPolicy, orderPolicy } from './policy.ts';

// Reads of offers and orders; who may read one is in policy.ts.

type Viewer = Pick<UserRow, 'id' | 'role'>;

/** An open offer past its expiry reads as expired; nothing has to run for that (decision 121). */
const isLive = and(eq(offers.status, 'open'), gt(offers.expiresAt, sql`now()`));
const offerStatus = sql<OfferStatus>`CASE WHEN ${offers.status} = 'open' AND ${offers.expiresAt} <= now() THEN 'expired' ELSE ${offers.status}::text END`;

const buyer = alias(users, 'offer_buyer');
const seller = alias(users, 'offer_seller');
const maker = alias(users, 'offer_maker');

/**
 * What the seller's side may see: an offer made within its maker's order limit, or one above it
 * that the buying company has approved (decision 204).
 */
export const SELLER_SEES = or(eq(offers.approvalRequired, false), isNotNull(offers.approvedAt));

const offerColumns = {
  id: offers.id,
  listingId: offers.listingId,
  listingTitle: offers.listingTitle,
  buyerId: offers.buyerId,
  sellerId: offers.sellerId,
  buyerBusinessName: buyer.businessName,
  sellerBusinessName: seller.businessName,
  quantityLbs: offers.quantityLbs,
  pricePerLb: offers.pricePerLb,
  total: offers.total,
  deliverBy: offers.deliverBy,
  note: offers.note,
  status: offerStatus,
  madeBy: offers.madeBy,
  previousOfferId: offers.previousOfferId,
  declineReason: offers.declineReason,
  createdAt: offers.createdAt,
  expiresAt: offers.expiresAt,
  respondedAt: offers.respondedAt,
  orderId: orders.id,
  madeByUserId: offers.madeByUserId,
  makerContactName: maker.contactName,
  approvalRequired: offers.approvalRequired,
  approvedAt: offers.approvedAt,
  paymentTerms: offers.paymentTerms,
};

export interface OfferView {
  id: string;
  listingId: string | null;
  listingTitle: string;
  buyerId: string;
  sellerId: string;
  buyerBusinessName: string;
  sellerBusinessName: string;
  quantityLbs: number;
  pricePerLb: number;
  total: number;
  deliverBy: string | null;
  note: string | null;
  status: OfferStatus;
  madeBy: DealParty;
  previousOfferId: string | null;
  declineReason: string | null;
  createdAt: Date;
  expiresAt: Date;
  respondedAt: Date | null;
  orderId: string | null;
  madeByUserId: string | null;
  makerContactName: string | null;
  approvalRequired: boolean;
  approvedAt: Date | null;
  paymentTerms: PaymentTerms;
  /** What it buys, by position (issue 25); every offer has line 1, which the fields above describe. */
  lines: OfferLineRow[];
}

type OfferHeader = Omit<OfferView, 'lines'>;

/** Each offer with its lines, read in one query. */
async function withLines(db: Db, rows: OfferHeader[]): Promise<OfferView[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(offerLines)
    .where(
      inArray(
        offerLines.offerId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(offerLines.offerId), asc(offerLines.position));
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.offerId === row.id) }));
}

const selectOffers = (db: Db, where: SQL | undefined) =>
  db
    .select(offerColumns)
    .from(offers)
    .innerJoin(buyer, eq(buyer.id, offers.buyerId))
    .innerJoin(seller, eq(seller.id, offers.sellerId))
    .leftJoin(orders, eq(orders.offerId, offers.id))
    .leftJoin(maker, eq(maker.id, offers.madeByUserId))
    .where(where);

export async function findOffer(db: Db, id: string): Promise<OfferView | null> {
  const [view] = await withLines(db, await selectOffers(db, eq(offers.id, id)).limit(1));
  return view ?? null;
}

/** The offers that deal notices in a thread point at, by id. */
export async function findOffers(db: Db, ids: string[]): Promise<Map<string, OfferView>> {
  if (ids.length === 0) return new Map();
  const rows = await withLines(db, await selectOffers(db, inArray(offers.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The caller's relation to an offer: a party's, except that an offer waiting for the buying
 * company's approval, or refused it, does not exist for the seller's side.
 */
export function offerRelation(
  user: Viewer,
  offer: Pick<OfferView, 'buyerId' | 'sellerId' | 'approvalRequired' | 'approvedAt'>,
) {
  const relation = dealRelation(user, offer);
  return relation === 'sellerParty' && offer.approvalRequired && !offer.approvedAt ? 'other' : relation;
}

export async function visibleOffer(db: Db, user: Viewer, id: string): Promise<OfferView> {
  const offer = await findOffer(db, id);
  return authorizeFound(offerPolicy, 'read', offer, (found) => offerRelation(user, found));
}

/**
 * The deals a list shows: the caller's side of them (role picks one side; without it both), or
 * for an admin every deal, read-only.
 */
function scope(
  user: Viewer,
  role: DealParty | undefined,
  columns: { buyerId: AnyPgColumn; sellerId: AnyPgColumn },
) {
  if (user.role === 'admin') {
    return undefined;
  }
  if (role === 'buyer') return eq(columns.buyerId, user.id);
  if (role === 'seller') return eq(columns.sellerId, user.id);
  return or(eq(columns.buyerId, user.id), eq(columns.sellerId, user.id));
}

function offerStatusFilter(status: OfferStatus | undefined): SQL | undefined {
  if (!status) return undefined;
  if (status === 'open') return isLive;
  if (status === 'expired') {
    return or(
      eq(offers.status, 'expired'),
      and(eq(offers.status, 'open'), lte(offers.expiresAt, sql`now()`)),
    );
  }
  return eq(offers.status, status);
}

const listingFilter = (column: AnyPgColumn, listingId: string | undefined) =>
  listingId ? (isUuid(listingId) ? eq(column, listingId) : sql`false`) : undefined;

/** The offers a list shows: as scope(), with the seller's side seeing only what it may. */
function offerScope(user: Viewer, role: DealParty | undefined) {
  if (user.role === 'admin') return undefined;
  const asBuyer = eq(offers.buyerId, user.id);
  const asSeller = and(eq(offers.sellerId, user.id), SELLER_SEES);
  if (role === 'buyer') return asBuyer;
  if (role === 'seller') return asSeller;
  return or(asBuyer, asSeller);
}

export async function listOffers(db: Db, user: Viewer, query: OfferListQuery) {
  const where = and(
    offerScope(user, query.role),
    offerStatusFilter(query.status),
    listingFilter(offers.listingId, query.listingId),
  );
  const [rows, [totals]] = await Promise.all([
    selectOffers(db, where)
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(offers).where(where),
  ]);
  return { rows: await withLines(db, rows), total: totals?.total ?? 0 };
}

export interface OrderEventView extends OrderEventRow {
  /** The acting login's name, as the timeline shows it ("by Dana Reyes"). */
  actorContactName: string | null;
}

/** An order row with its computed due date (issue 23: null until delivered). */
type DatedOrder = OrderRow & { dueDate: string | null };

export interface OrderView extends DatedOrder {
  history: OrderEventView[];
  /** How it travels, once scheduled (issue 23). */
  fulfilment: OrderFulfilmentRow | null;
  /** What it buys, by position (issue 25); every order has line 1. */
  lines: OrderLineRow[];
}

const actor = alias(users, 'order_actor');

/** Every column of an order and its due date, from the one expression the invoices use. */
const orderColumns = { ...getTableColumns(orders), dueDate: dueDateSql };

async function withHistory(db: Db, rows: DatedOrder[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const fulfilments = await db.select().from(orderFulfilments).where(inArray(orderFulfilments.orderId, ids));
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const events = await db
    .select({ ...getTableColumns(orderEvents), actorContactName: actor.contactName })
    .from(orderEvents)
    .leftJoin(actor, eq(actor.id, orderEvents.actorId))
    .where(
      inArray(
        orderEvents.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map((row) => ({
    ...row,
    history: events.filter((event) => event.orderId === row.id),
    fulfilment: fulfilments.find((fulfilment) => fulfilment.orderId === row.id) ?? null,
    lines: lines.filter((line) => line.orderId === row.id),
  }));
}

export async function findOrder(db: Db, id: string): Promise<OrderView | null> {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) return null;
  const [view] = await withHistory(db, [row]);
  return view ?? null;
}

export async function visibleOrder(db: Db, user: Viewer, id: string): Promise<OrderView> {
  const order = await findOrder(db, id);
  return authorizeFound(orderPolicy, 'read', order, (found) => dealRelation(user, found));
}

/** One tab of the Orders page, newest first, with the count and value of the whole tab. */
export async function listOrders(db: Db, user: Viewer, query: OrderListQuery) {
  const where = and(
    scope(user, query.role, orders),
    query.status ? eq(orders.status, query.status) : undefined,
    listingFilter(orders.listingId, query.listingId),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({
        total: count(),
        // Every line's total: an order of several lots (issue 25) is worth all of them.
        value: sum(
          sql<number>`(SELECT sum(${orderLines.total}) FROM ${orderLines} WHERE ${orderLines.orderId} = ${orders.id})`,
        ).mapWith(Number),
      })
      .from(orders)
      .where(where),
  ]);
  return {
    rows: await withHistory(db, rows),
    total: totals?.total ?? 0,
    totalValue: totals?.value ?? 0,
  };
}

/** The "Deals" count of the dashboards: what waits for the caller. */
export async function dealsSummary(db: Db, user: Viewer) {
  const [[toAnswer], orderCounts] = await Promise.all([
    db
      .select({ n: count() })
      .from(offers)
      .where(
        and(
          isLive,
          or(
            and(eq(offers.buyerId, user.id), eq(offers.madeBy, 'seller')),
            and(eq(offers.sellerId, user.id), eq(offers.madeBy, 'buyer')),
          ),
        ),
      ),
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(
        and(
          or(eq(orders.buyerId, user.id), eq(orders.sellerId, user.id)),
          inArray(orders.status, ['confirmed', 'scheduled', 'in_transit', 'fulfilled']),
        ),
      )
      .groupBy(orders.status),
  ]);
  const ofStatus = (status: string) => orderCounts.find((row) => row.status === status)?.n ?? 0;
  return {
    offersToAnswer: toAnswer?.n ?? 0,
    // Scheduled and in-transit orders (issue 23) are still on their way to being fulfilled.
    ordersToFulfil: ofStatus('confirmed') + ofStatus('scheduled') + ofStatus('in_transit'),
    ordersToComplete: ofStatus('fulfilled'),
  };
}

/** The admin overview's figures: orders made in the last 30 days and their value, cancelled ones left out. */
export async function recentOrderStats(db: Db) {
  const [row] = await db
    .select({ n: count(), value: sum(orders.total).mapWith(Number) })
    .from(orders)
    .where(and(gt(orders.createdAt, sql`now() - interval '30 days'`), sql`${orders.status} <> 'cancelled'`));
  return { ordersLast30Days: row?.n ?? 0, orderValueLast30Days: row?.value ?? 0 };
}
