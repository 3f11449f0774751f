import { type DealParty, SAMPLE_CONVERSION_DAYS, type SampleListQuery } from '@canopy/shared';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { listings, orders, sampleRequests, type UserRow, users } from '../../db/schema/index.ts';
import { authorizeFound, dealRelation } from '../../lib/policy.ts';
import { samplePolicy } from './policy.ts';

// Reads of sample requests, with the order each became and the order it led to (decision 245):
// the buyer's first order from the same seller after approval, within SAMPLE_CONVERSION_DAYS, not
// cancelled and not itself a sample, with a line of the sampled lot or of a lot of the same strain.

type Viewer = Pick<UserRow, 'id' | 'role'>;

const buyer = alias(users, 'sample_buyer');
const seller = alias(users, 'sample_seller');
const sampledLot = alias(listings, 'sampled_lot');

/** One column of the order a sample led to (correlated with the row being read). */
const ledTo = (column: 'id' | 'number') => sql<string | null>`(
  SELECT o.${sql.raw(column)} FROM "orders" o
  JOIN "order_lines" l ON l."order_id" = o."id"
  LEFT JOIN "listings" ol ON ol."id" = l."listing_id"
  WHERE ${sampleRequests.status} = 'approved'
    AND o."buyer_id" = ${sampleRequests.buyerId} AND o."seller_id" = ${sampleRequests.sellerId}
    AND o."status" <> 'cancelled' AND l."price_source" <> 'sample'
    AND o."created_at" > ${sampleRequests.decidedAt}
    AND o."created_at" <= ${sampleRequests.decidedAt} + make_interval(days => ${SAMPLE_CONVERSION_DAYS})
    AND (l."listing_id" = ${sampleRequests.listingId}
      OR lower(btrim(ol."strain")) = lower(btrim(${sampledLot.strain})))
  ORDER BY o."created_at", o."id" LIMIT 1)`;

const columns = {
  id: sampleRequests.id,
  listingId: sampleRequests.listingId,
  listingTitle: sampleRequests.listingTitle,
  buyerId: sampleRequests.buyerId,
  sellerId: sampleRequests.sellerId,
  buyerBusinessName: buyer.businessName,
  sellerBusinessName: seller.businessName,
  grams: sampleRequests.grams,
  note: sampleRequests.note,
  status: sampleRequests.status,
  declineReason: sampleRequests.declineReason,
  createdAt: sampleRequests.createdAt,
  decidedAt: sampleRequests.decidedAt,
  orderId: sampleRequests.orderId,
  orderNumber: orders.number,
  ledToId: ledTo('id'),
  ledToNumber: ledTo('number'),
};

const selectSamples = (db: Db, where: SQL | undefined) =>
  db
    .select(columns)
    .from(sampleRequests)
    .innerJoin(buyer, eq(buyer.id, sampleRequests.buyerId))
    .innerJoin(seller, eq(seller.id, sampleRequests.sellerId))
    .leftJoin(orders, eq(orders.id, sampleRequests.orderId))
    .leftJoin(sampledLot, eq(sampledLot.id, sampleRequests.listingId))
    .where(where);

export type SampleView = Awaited<ReturnType<typeof selectSamples>>[number];

export async function visibleSample(db: Db, user: Viewer, id: string): Promise<SampleView> {
  const [row] = await selectSamples(db, eq(sampleRequests.id, id)).limit(1);
  return authorizeFound(samplePolicy, 'read', row, (found) => dealRelation(user, found));
}

/** One side of the caller's requests (their account's side when none is asked), newest first. */
function scope(user: Viewer, role: DealParty | undefined): SQL | undefined {
  if (user.role === 'admin') return undefined;
  const side = role ?? (user.role === 'seller' ? 'seller' : 'buyer');
  if (side === 'seller') return eq(sampleRequests.sellerId, user.id);
  return eq(sampleRequests.buyerId, user.id);
}

export async function listSamples(db: Db, user: Viewer, query: SampleListQuery) {
  const where = and(
    scope(user, query.role),
    query.status ? eq(sampleRequests.status, query.status) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    selectSamples(db, where)
      .orderBy(desc(sampleRequests.createdAt), desc(sampleRequests.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(sampleRequests).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
