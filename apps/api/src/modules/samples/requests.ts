import {
  APP_ROUTES,
  DEALS,
  OFFER_EXPIRY_MS,
  SAMPLES,
  type sampleDeclineSchema,
  sampleLbs,
  type sampleRequestSchema,
} from '@canopy/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  listings,
  offerLines,
  offers,
  PUBLIC_LISTING,
  REACHABLE_LISTING,
  type SampleRequestRow,
  sampleRequests,
  users,
} from '../../db/schema/index.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { isUuid, uuidv7 } from '../../lib/ids.ts';
import { authorizeFound, dealRelation } from '../../lib/policy.ts';
import { type DealCaller, findOrder, type OrderView, placeOrder } from '../deals/index.ts';
import { postMemberMessage } from '../messaging/index.ts';
import { notify } from '../notifications/index.ts';
import { lockPair, requestsThisMonth, sampleCapFor } from './cap.ts';
import { samplePolicy } from './policy.ts';

// A buyer's sample request and the seller's answer (issue 25 item 3, decision 243). Each is one
// transaction. Approval makes an accepted $0 offer for the request and hands it to the order path
// every accepted offer takes, so the sample's order is scheduled, invoiced and manifested as any.

/** A verified buyer asks for grams of a public lot, within the month's cap for its seller. */
export async function requestSample(
  ctx: AppContext,
  caller: DealCaller,
  input: z.output<typeof sampleRequestSchema>,
): Promise<string> {
  if (!isUuid(input.listingId)) throw notFound(SAMPLES.lotNotPublic);
  const listingId = input.listingId;
  const sampleId = await ctx.database.db.transaction(async (tx) => {
    const [lot] = await tx
      .select({ id: listings.id, title: listings.title, sellerId: listings.sellerId })
      .from(listings)
      .where(and(eq(listings.id, listingId), PUBLIC_LISTING))
      .limit(1);
    if (!lot) throw notFound(SAMPLES.lotNotPublic);
    const buyerId = caller.user.id;
    await lockPair(tx, lot.sellerId, buyerId);
    const cap = await sampleCapFor(tx, lot.sellerId, buyerId);
    if ((await requestsThisMonth(tx, lot.sellerId, buyerId)) >= cap) {
      throw conflict(SAMPLES.capReached(cap), { code: 'sample_cap_reached' });
    }
    const id = uuidv7();
    await tx
      .insert(sampleRequests)
      .values({
        id,
        listingId: lot.id,
        listingTitle: lot.title,
        buyerId,
        sellerId: lot.sellerId,
        requestedBy: caller.login.id,
        grams: input.grams,
        note: input.note,
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict(SAMPLES.alreadyRequested) : error;
      });
    // The seller hears of it where buyers reach them: the conversation, and its e-mail.
    await postMemberMessage(ctx, tx, {
      senderId: buyerId,
      sentByUserId: caller.login.id,
      receiverId: lot.sellerId,
      listing: { id: lot.id, title: lot.title },
      content: SAMPLES.requestMessage(input.grams, lot.title, input.note),
    });
    await notify(tx, {
      companyId: lot.sellerId,
      kind: 'sample_requested',
      title: SAMPLES.requestedNotice(input.grams, lot.title),
      link: APP_ROUTES.samples,
      subjectId: id,
    });
    return id;
  });
  ctx.mailer.kick();
  return sampleId;
}

/** Locks a request the caller may answer, refusing one already answered. */
async function lockWaiting(tx: Db, caller: DealCaller, id: string): Promise<SampleRequestRow> {
  const [row] = await tx
    .select()
    .from(sampleRequests)
    .where(eq(sampleRequests.id, id))
    .for('update')
    .limit(1);
  const sample = authorizeFound(samplePolicy, 'decide', row, (found) => dealRelation(caller.user, found));
  if (sample.status !== 'requested') throw conflict(SAMPLES.notWaiting);
  return sample;
}

/**
 * The seller approves: the lot (still reachable, with the pounds to spare) gives the sample's
 * pounds, rounded up to the hundredth, to a $0 order whose line keeps the exact grams.
 */
export async function approveSample(ctx: AppContext, caller: DealCaller, id: string): Promise<OrderView> {
  const orderId = await ctx.database.db.transaction(async (tx) => {
    const sample = await lockWaiting(tx, caller, id);
    const [buyer] = await tx.select({ status: users.status }).from(users).where(eq(users.id, sample.buyerId));
    if (buyer?.status !== 'verified') throw conflict(DEALS.partyNotVerified);
    const [listing] = sample.listingId
      ? await tx
          .select({
            id: listings.id,
            title: listings.title,
            quantityLbs: listings.quantityLbs,
            lotVersion: listings.lotVersion,
            stockVersion: listings.stockVersion,
          })
          .from(listings)
          .where(and(eq(listings.id, sample.listingId), REACHABLE_LISTING))
          .for('update')
          .limit(1)
      : [];
    if (!listing) throw conflict(DEALS.listingUnavailable);
    const quantityLbs = sampleLbs(sample.grams);
    if (listing.quantityLbs < quantityLbs) throw conflict(DEALS.notEnoughQuantity);
    const now = new Date();
    const [offer] = await tx
      .insert(offers)
      .values({
        id: uuidv7(),
        listingId: listing.id,
        listingTitle: listing.title,
        buyerId: sample.buyerId,
        sellerId: sample.sellerId,
        quantityLbs,
        pricePerLb: 0,
        note: sample.note,
        // Nothing is owed for a sample: its $0 invoice is settled on delivery.
        paymentTerms: 'cod',
        // The buyer asked; the request's terms are the offer's, accepted as the seller approves.
        madeBy: 'buyer',
        madeByUserId: sample.requestedBy,
        lotVersion: listing.lotVersion,
        status: 'accepted',
        sampleRequestId: sample.id,
        createdAt: now,
        respondedAt: now,
        expiresAt: new Date(now.getTime() + OFFER_EXPIRY_MS),
      })
      .returning();
    if (!offer) throw new Error('sample offer insert returned nothing');
    const line = { position: 1, quantityLbs, pricePerLb: 0 };
    // Every offer carries its lines (decision 184); a sample's one line is the $0 one.
    await tx.insert(offerLines).values({
      id: uuidv7(),
      offerId: offer.id,
      ...line,
      listingId: listing.id,
      listingTitle: listing.title,
      listingVersion: listing.lotVersion,
      priceSource: 'sample',
    });
    const placed = await placeOrder(ctx, tx, {
      caller,
      party: 'seller',
      offer,
      lots: [
        { line, listing, source: { priceSource: 'sample', tierFromLbs: null, sampleGrams: sample.grams } },
      ],
      terms: {
        quantityLbs,
        pricePerLb: 0,
        total: offer.total,
        deliverBy: offer.deliverBy,
        note: offer.note,
        paymentTerms: offer.paymentTerms,
      },
      auditBefore: { sample: sample.id, status: sample.status, grams: sample.grams },
    });
    await tx
      .update(sampleRequests)
      .set({ status: 'approved', decidedBy: caller.login.id, decidedAt: now, orderId: placed })
      .where(eq(sampleRequests.id, sample.id));
    await notify(tx, {
      companyId: sample.buyerId,
      kind: 'sample_decided',
      title: SAMPLES.approvedNotice(sample.grams, sample.listingTitle),
      link: `/orders/${placed}`,
      subjectId: sample.id,
    });
    return placed;
  });
  ctx.mailer.kick();
  const order = await findOrder(ctx.database.db, orderId);
  if (!order) throw new Error('order vanished after its transaction');
  return order;
}

/** The seller says no, optionally with a reason the buyer reads on their Samples page and in the conversation. */
export async function declineSample(
  ctx: AppContext,
  caller: DealCaller,
  id: string,
  input: z.output<typeof sampleDeclineSchema>,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const sample = await lockWaiting(tx, caller, id);
    await tx
      .update(sampleRequests)
      .set({
        status: 'declined',
        decidedBy: caller.login.id,
        decidedAt: new Date(),
        declineReason: input.reason,
      })
      .where(eq(sampleRequests.id, sample.id));
    await notify(tx, {
      companyId: sample.buyerId,
      kind: 'sample_decided',
      title: SAMPLES.declinedNotice(sample.grams, sample.listingTitle),
      link: APP_ROUTES.samples,
      subjectId: sample.id,
    });
    // The buyer reads the answer in the conversation too, and is mailed as for any message.
    await postMemberMessage(ctx, tx, {
      senderId: sample.sellerId,
      sentByUserId: caller.login.id,
      receiverId: sample.buyerId,
      listing: sample.listingId ? { id: sample.listingId, title: sample.listingTitle } : null,
      content: SAMPLES.declineMessage(sample.grams, sample.listingTitle, input.reason),
    });
  });
  ctx.mailer.kick();
}
