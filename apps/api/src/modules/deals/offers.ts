import {
  BUYER_GROUPS,
  COMPANY_LICENSES,
  type counterOfferSchema,
  type createOfferSchema,
  DEALS,
  type declineOfferSchema,
  formatOrderNumber,
  formatUsd,
  OFFER_EXPIRY_MS,
  type PriceTier,
} from '@canopy/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  listings,
  type OfferRow,
  type OrderPartySnapshot,
  offers,
  orderEvents,
  orderLines,
  orders,
  reachableBy,
  users,
} from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { isUuid, uuidv7 } from '../../lib/ids.ts';
import { authorizeFound } from '../../lib/policy.ts';
import type { SessionUser } from '../../lib/session.ts';
import { recordAdminAction, recordSystemAction } from '../audit/index.ts';
import { verifiedLicenseOf } from '../companies/index.ts';
import { buyerGroupWith, groupEntriesFor, groupPriceOf } from '../pricing/index.ts';
import { mailApprovalRequest } from './deal-mail.ts';
import { recordTransition } from './notices.ts';
import { dealSide, offerPolicy } from './policy.ts';
import { priceSourceOf } from './price-source.ts';
import { findOffer, findOrder, type OfferView, type OrderView, offerRelation } from './read-model.ts';

// Offers and their answers (issue 14, decision 120). Each call is one transaction that locks the
// offer row first and the listing second, so two answers to one offer run one after the other
// and the second finds it no longer open, and two acceptances competing for a listing's last
// pounds are served in turn by its row lock.

/**
 * Who moves: `user` is the business whose side it is (the party id every check compares), `login`
 * the member who made the move (recorded on the offer or event and named in the audit trail), and
 * `member` their role and order limit (null for admins, whom the policy refuses anyway).
 */
export type DealCaller = Pick<SessionUser, 'user' | 'login' | 'member'>;
type NewTerms = z.output<typeof counterOfferSchema>;

const termsOf = (
  row: Pick<OfferRow, 'quantityLbs' | 'pricePerLb' | 'total' | 'deliverBy' | 'note' | 'paymentTerms'>,
) => ({
  quantityLbs: row.quantityLbs,
  pricePerLb: row.pricePerLb,
  total: row.total,
  deliverBy: row.deliverBy,
  note: row.note,
  paymentTerms: row.paymentTerms,
});

const auditTerms = (row: OfferRow) => ({ status: row.status, ...termsOf(row) });

/**
 * The listing an offer is made on or answered for, when its page is reachable by the offer's buyer
 * (active, of a verified seller, and not private to a group the buyer is not in; sold out
 * included, the quantity check refuses it); locked when the answer will change its quantity or
 * depends on it.
 */
async function dealListing(tx: Db, listingId: string | null, buyerId: string, lock: boolean) {
  if (!listingId) return null;
  const query = tx
    .select({
      id: listings.id,
      title: listings.title,
      sellerId: listings.sellerId,
      quantityLbs: listings.quantityLbs,
      lotVersion: listings.lotVersion,
      stockVersion: listings.stockVersion,
      makeOffer: listings.makeOffer,
      askingPrice: listings.askingPrice,
      priceTiers: listings.priceTiers,
    })
    .from(listings)
    .where(and(eq(listings.id, listingId), reachableBy(buyerId)))
    .limit(1);
  const [listing] = lock ? await query.for('update') : await query;
  return listing ?? null;
}

/** The buyer's group price on the lot as it is now (the offer was made on it, decision 187). */
async function groupPriceFor(
  tx: Db,
  buyerId: string,
  lot: { id: string; makeOffer: boolean; askingPrice: number | null; priceTiers: PriceTier[] },
): Promise<number | null> {
  const entry = (await groupEntriesFor(tx, buyerId, [lot.id])).get(lot.id);
  return entry ? groupPriceOf(lot, entry) : null;
}

async function lockListing(tx: Db, offer: Pick<OfferRow, 'listingId' | 'buyerId'>) {
  const listing = await dealListing(tx, offer.listingId, offer.buyerId, true);
  if (!listing) throw conflict(DEALS.listingUnavailable);
  return listing;
}

/**
 * Terms are agreed on the lot as it was when they were made: once anything but the quantity has
 * changed (a rewritten grade, potency, price or gallery), accepting them would sell another lot
 * than the one offered on. The answering side counters on the lot as it is now (decision 187).
 */
function refuseChangedLot(offer: Pick<OfferRow, 'lotVersion'>, listing: { lotVersion: number }): void {
  if (offer.lotVersion !== listing.lotVersion) throw conflict(DEALS.lotChanged);
}

/**
 * Open offers of this buyer on this listing that ran out are marked expired, so the one-live-offer
 * index lets a new offer in; the system, not a person, did that, and the trail says so.
 */
async function settleExpired(tx: Db, listingId: string, buyerId: string): Promise<void> {
  const expired = await tx
    .update(offers)
    .set({ status: 'expired' })
    .where(
      and(
        eq(offers.listingId, listingId),
        eq(offers.buyerId, buyerId),
        eq(offers.status, 'open'),
        lte(offers.expiresAt, sql`now()`),
      ),
    )
    .returning();
  for (const offer of expired) {
    await recordSystemAction(tx, {
      action: 'offer.expire',
      targetType: 'offer',
      targetId: offer.id,
      targetLabel: offer.listingTitle,
      before: { status: 'open' },
      after: { status: 'expired' },
    });
  }
}

const liveOfferConflict = (error: unknown) =>
  isUniqueViolation(error) ? conflict(DEALS.liveOfferExists) : error;

async function insertOffer(
  tx: Db,
  values: Omit<typeof offers.$inferInsert, 'id' | 'expiresAt' | 'createdAt'>,
): Promise<OfferRow> {
  const now = new Date();
  try {
    const [row] = await tx
      .insert(offers)
      .values({
        ...values,
        id: uuidv7(),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OFFER_EXPIRY_MS),
      })
      .returning();
    if (!row) throw new Error('offer insert returned nothing');
    return row;
  } catch (error) {
    throw liveOfferConflict(error);
  }
}

async function loaded(ctx: AppContext, id: string): Promise<OfferView> {
  const offer = await findOffer(ctx.database.db, id);
  if (!offer) throw new Error('offer vanished after its transaction');
  return offer;
}

/** A verified buyer offers on a listing; the seller hears of it in their conversation. */
export async function createOffer(
  ctx: AppContext,
  caller: DealCaller,
  input: z.output<typeof createOfferSchema>,
): Promise<OfferView> {
  const buyer = caller.user;
  if (!isUuid(input.listingId)) throw notFound(DEALS.listingUnavailable);
  const held = aboveLimit(caller, input);
  const listingId = input.listingId;
  const offerId = await ctx.database.db.transaction(async (tx) => {
    const listing = await dealListing(tx, listingId, buyer.id, false);
    if (!listing) throw notFound(DEALS.listingUnavailable);
    if (input.quantityLbs > listing.quantityLbs) throw badRequest(DEALS.notEnoughQuantity);
    // A buyer group's terms with this seller: its minimum order, and its payment terms by default.
    const group = await buyerGroupWith(tx, buyer.id, listing.sellerId);
    if (group?.minimumOrderLbs != null && input.quantityLbs < group.minimumOrderLbs) {
      throw badRequest(BUYER_GROUPS.belowMinimum(group.minimumOrderLbs), { code: 'below_group_minimum' });
    }
    await settleExpired(tx, listing.id, buyer.id);
    const offer = await insertOffer(tx, {
      listingId: listing.id,
      listingTitle: listing.title,
      buyerId: buyer.id,
      sellerId: listing.sellerId,
      buyerLicenseId: await verifiedLicenseOf(
        tx,
        buyer.id,
        input.buyerLicenseId,
        COMPANY_LICENSES.receivingInvalid,
      ),
      quantityLbs: input.quantityLbs,
      pricePerLb: input.pricePerLb,
      deliverBy: input.deliverBy,
      note: input.note,
      paymentTerms: input.paymentTerms ?? group?.paymentTerms ?? 'cod',
      madeBy: 'buyer',
      madeByUserId: caller.login.id,
      lotVersion: listing.lotVersion,
      ...(held ? { status: 'awaiting_approval' as const, approvalRequired: true } : {}),
    });
    if (held) {
      await holdForApproval(ctx, tx, caller, offer, 'offer.create');
      return offer.id;
    }
    const deal = { offerId: offer.id, ...offer };
    await recordTransition(ctx, tx, {
      actor: buyer,
      by: caller.login,
      actorParty: 'buyer',
      event: 'offer_made',
      deal,
      detail: { terms: termsOf(offer) },
      audit: { action: 'offer.create', before: null, after: auditTerms(offer) },
    });
    return offer.id;
  });
  ctx.mailer.kick();
  return loaded(ctx, offerId);
}

type Move = 'answer' | 'withdraw';

/**
 * Locks the offer and checks that the caller may make this move now: the policy table first
 * (outsiders do not see it, admins only read), then the offer's state: one no longer open cannot
 * move (409), and only the side that did not make the last move answers, only the side that did
 * withdraws.
 */
async function lockOpenOffer(tx: Db, actor: DealCaller['user'], id: string, move: Move) {
  const [row] = await tx
    .select({ offer: offers, expired: sql<boolean>`${offers.expiresAt} <= now()` })
    .from(offers)
    .where(eq(offers.id, id))
    .for('update')
    .limit(1);
  const { offer, expired } = authorizeFound(offerPolicy, move, row, (found) =>
    offerRelation(actor, found.offer),
  );
  const party = dealSide(actor, offer);
  if (offer.status !== 'open' || expired) throw conflict(DEALS.offerNotOpen);
  const lastMover = offer.madeBy === party;
  if (move === 'answer' && lastMover) throw forbidden(DEALS.notYourTurn);
  if (move === 'withdraw' && !lastMover) throw forbidden(DEALS.onlyMakerWithdraws);
  return { offer, party };
}

/**
 * The side being answered must still be a verified business: an admin may have suspended it since
 * it made its move, and its sessions ended then, but its offer stays on the other side's screen.
 * (A seller no longer verified has already taken the listing out of reach.)
 */
async function assertCounterpartyVerified(tx: Db, offer: OfferRow, party: 'buyer' | 'seller') {
  const counterpartyId = party === 'seller' ? offer.buyerId : offer.sellerId;
  const [counterparty] = await tx
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, counterpartyId))
    .limit(1);
  if (counterparty?.status !== 'verified') throw conflict(DEALS.partyNotVerified);
}

async function closeOffer(
  tx: Db,
  id: string,
  status: 'accepted' | 'declined' | 'withdrawn' | 'countered',
  declineReason: string | null = null,
): Promise<OfferRow> {
  const [closed] = await tx
    .update(offers)
    .set({ status, declineReason, respondedAt: sql`now()` })
    .where(eq(offers.id, id))
    .returning();
  if (!closed) throw new Error('locked offer vanished');
  return closed;
}

async function partySnapshot(tx: Db, userId: string): Promise<OrderPartySnapshot> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('CONFLICT', DEALS.offerNotOpen);
  return {
    businessName: user.businessName,
    licenseNumber: user.licenseNumber,
    licenseType: user.licenseType,
    address: {
      street: user.street,
      city: user.city,
      county: user.county,
      state: user.state,
      zipCode: user.zipCode,
    },
  };
}

/**
 * The other side accepts: the listing's quantity goes down by the offer's (never below zero: the
 * row is locked and checked first, and a CHECK constraint backs it), and the order is made with
 * the listing's title and both businesses as they are now. A lot changed since the terms were
 * made is refused.
 */
export async function acceptOffer(
  ctx: AppContext,
  caller: DealCaller,
  id: string,
): Promise<{ offer: OfferView; order: OrderView }> {
  const actor = caller.user;
  const orderId = await ctx.database.db.transaction(async (tx) => {
    const { offer, party } = await lockOpenOffer(tx, actor, id, 'answer');
    await assertCounterpartyVerified(tx, offer, party);
    const listing = await lockListing(tx, offer);
    refuseChangedLot(offer, listing);
    if (listing.quantityLbs < offer.quantityLbs) throw conflict(DEALS.notEnoughQuantity);
    await tx
      .update(listings)
      .set({ quantityLbs: sql`${listings.quantityLbs} - ${offer.quantityLbs}` })
      .where(eq(listings.id, listing.id));
    const accepted = await closeOffer(tx, offer.id, 'accepted');
    // Both drivers (pg and PGlite) answer a raw query with `rows`; the generic Db type cannot say so.
    const sequence = (await tx.execute(sql`SELECT nextval('order_number_seq') AS n`)) as {
      rows: { n: string }[];
    };
    const number = formatOrderNumber(Number(sequence.rows[0]?.n));
    const [order] = await tx
      .insert(orders)
      .values({
        id: uuidv7(),
        number,
        offerId: offer.id,
        listingId: listing.id,
        listingTitle: listing.title,
        buyerId: offer.buyerId,
        sellerId: offer.sellerId,
        buyerLicenseId: offer.buyerLicenseId,
        buyer: await partySnapshot(tx, offer.buyerId),
        seller: await partySnapshot(tx, offer.sellerId),
        quantityLbs: offer.quantityLbs,
        pricePerLb: offer.pricePerLb,
        deliverBy: offer.deliverBy,
        note: offer.note,
        paymentTerms: offer.paymentTerms,
        // Taking the pounds moves neither counter: a cancellation compares them as they are now.
        lotVersion: listing.lotVersion,
        stockVersion: listing.stockVersion,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    // Line 1 is what the order buys (decision 184); the order's own lot columns describe it too.
    await tx.insert(orderLines).values({
      id: uuidv7(),
      orderId: order.id,
      position: 1,
      listingId: listing.id,
      listingTitle: listing.title,
      listingVersion: listing.lotVersion,
      quantityLbs: offer.quantityLbs,
      pricePerLb: offer.pricePerLb,
      // Which price was paid: the lot's asking price or volume tier for this quantity, or the talk's.
      ...priceSourceOf(offer, listing, await groupPriceFor(tx, offer.buyerId, listing)),
    });
    await tx.insert(orderEvents).values({
      id: uuidv7(),
      orderId: order.id,
      status: 'confirmed',
      by: party,
      actorId: caller.login.id,
    });
    const deal = {
      offerId: offer.id,
      orderId: order.id,
      orderNumber: number,
      ...offer,
      listingTitle: listing.title,
    };
    await recordTransition(ctx, tx, {
      actor,
      by: caller.login,
      actorParty: party,
      event: 'offer_accepted',
      deal,
      detail: { terms: termsOf(offer) },
      audit: {
        action: 'offer.accept',
        before: auditTerms(offer),
        after: {
          status: accepted.status,
          order: number,
          listingQuantityLbs: listing.quantityLbs - offer.quantityLbs,
        },
      },
    });
    return order.id;
  });
  ctx.mailer.kick();
  const order = await findOrder(ctx.database.db, orderId);
  if (!order) throw new Error('order vanished after its transaction');
  return { offer: await loaded(ctx, id), order };
}

/** Closes an open offer without an order: declined by the other side, withdrawn by its maker. */
async function closeByMove(
  ctx: AppContext,
  caller: DealCaller,
  id: string,
  move: { status: 'declined' | 'withdrawn'; reason: string | null },
): Promise<OfferView> {
  const declining = move.status === 'declined';
  await ctx.database.db.transaction(async (tx) => {
    const { offer, party } = await lockOpenOffer(tx, caller.user, id, declining ? 'answer' : 'withdraw');
    const closed = await closeOffer(tx, offer.id, move.status, move.reason);
    await recordTransition(ctx, tx, {
      actor: caller.user,
      by: caller.login,
      actorParty: party,
      event: declining ? 'offer_declined' : 'offer_withdrawn',
      deal: { offerId: offer.id, ...offer },
      detail: { reason: move.reason },
      audit: {
        action: declining ? 'offer.decline' : 'offer.withdraw',
        before: auditTerms(offer),
        after: { status: closed.status },
        reason: move.reason,
      },
    });
  });
  ctx.mailer.kick();
  return loaded(ctx, id);
}

/** The other side says no, optionally with a reason. */
export const declineOffer = (
  ctx: AppContext,
  caller: DealCaller,
  id: string,
  input: z.output<typeof declineOfferSchema>,
) => closeByMove(ctx, caller, id, { status: 'declined', reason: input.reason });

/** The side that made the offer takes it back while it is open. */
export const withdrawOffer = (ctx: AppContext, caller: DealCaller, id: string) =>
  closeByMove(ctx, caller, id, { status: 'withdrawn', reason: null });

/** The other side answers with new terms: they become the live offer, the old one is countered. */
export async function counterOffer(
  ctx: AppContext,
  caller: DealCaller,
  id: string,
  input: NewTerms,
): Promise<OfferView> {
  const actor = caller.user;
  const counterId = await ctx.database.db.transaction(async (tx) => {
    const { offer, party } = await lockOpenOffer(tx, actor, id, 'answer');
    await assertCounterpartyVerified(tx, offer, party);
    const listing = await lockListing(tx, offer);
    if (input.quantityLbs > listing.quantityLbs) throw badRequest(DEALS.notEnoughQuantity);
    // A buyer's counter above the member's limit waits; the offer it answers stays open meanwhile.
    const held = party === 'buyer' && aboveLimit(caller, input);
    if (!held) await closeOffer(tx, offer.id, 'countered');
    const counter = await insertOffer(tx, {
      listingId: listing.id,
      listingTitle: listing.title,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      buyerLicenseId: offer.buyerLicenseId,
      quantityLbs: input.quantityLbs,
      pricePerLb: input.pricePerLb,
      deliverBy: input.deliverBy,
      note: input.note,
      paymentTerms: input.paymentTerms ?? offer.paymentTerms,
      madeBy: party,
      madeByUserId: caller.login.id,
      previousOfferId: offer.id,
      // A counter is made on the lot as it is now, whatever the terms it answers were made on.
      lotVersion: listing.lotVersion,
      ...(held ? { status: 'awaiting_approval' as const, approvalRequired: true } : {}),
    });
    if (held) {
      await holdForApproval(ctx, tx, caller, counter, 'offer.counter');
      return counter.id;
    }
    const deal = { offerId: counter.id, ...counter };
    await recordTransition(ctx, tx, {
      actor,
      by: caller.login,
      actorParty: party,
      event: 'offer_countered',
      deal,
      detail: { terms: termsOf(counter) },
      audit: {
        action: 'offer.counter',
        before: { offer: offer.id, ...auditTerms(offer) },
        after: { offer: counter.id, ...auditTerms(counter) },
      },
    });
    return counter.id;
  });
  ctx.mailer.kick();
  return loaded(ctx, counterId);
}

// Order limits (issue 28, decision 204): a member's offer or counter whose total is above their
// order limit is stored as awaiting_approval, out of the seller's sight and unannounced, until an
// owner or manager of the buying company approves it (it then goes out as if made at that moment)
// or declines it (the seller never learns of it).

/** Whether these terms' total, as the database rounds it, is above the caller's order limit. */
function aboveLimit(caller: DealCaller, terms: { quantityLbs: number; pricePerLb: number }): boolean {
  const limit = caller.member?.orderLimit;
  if (limit === null || limit === undefined) return false;
  // In cents, from whole hundredths, so no binary fraction tips a total that equals the limit.
  const totalCents = Math.round(
    (Math.round(terms.quantityLbs * 100) * Math.round(terms.pricePerLb * 100)) / 100,
  );
  return totalCents > Math.round(limit * 100);
}

/** A held offer leaves only an audit entry under its maker's name and the approvers' e-mails. */
async function holdForApproval(
  ctx: AppContext,
  tx: Db,
  caller: DealCaller,
  offer: OfferRow,
  action: 'offer.create' | 'offer.counter',
): Promise<void> {
  await recordAdminAction(tx, caller.login, {
    action,
    targetType: 'offer',
    targetId: offer.id,
    targetLabel: offer.listingTitle,
    before: offer.previousOfferId ? { offer: offer.previousOfferId } : null,
    after: auditTerms(offer),
  });
  await mailApprovalRequest(ctx, tx, { offer, maker: caller.login, limit: caller.member?.orderLimit ?? 0 });
}

/** Locks an offer the caller's company may approve, refusing one that no longer waits. */
async function lockAwaiting(tx: Db, caller: DealCaller, id: string): Promise<OfferRow> {
  const [row] = await tx.select().from(offers).where(eq(offers.id, id)).for('update').limit(1);
  const offer = authorizeFound(offerPolicy, 'approve', row, (found) => offerRelation(caller.user, found));
  if (offer.status !== 'awaiting_approval') throw conflict(DEALS.notAwaitingApproval);
  return offer;
}

/**
 * An owner or manager lets a held offer go: it becomes the live offer, with a fresh expiry, and
 * the seller hears of it as of any offer. A held counter closes the offer it answers now, which
 * must still be open.
 */
export async function approveOffer(ctx: AppContext, caller: DealCaller, id: string): Promise<OfferView> {
  await ctx.database.db.transaction(async (tx) => {
    const offer = await lockAwaiting(tx, caller, id);
    await assertCounterpartyVerified(tx, offer, 'buyer');
    const listing = await lockListing(tx, offer);
    if (offer.quantityLbs > listing.quantityLbs) throw conflict(DEALS.notEnoughQuantity);
    if (offer.previousOfferId) {
      const [answered] = await tx
        .select({ status: offers.status, expired: sql<boolean>`${offers.expiresAt} <= now()` })
        .from(offers)
        .where(eq(offers.id, offer.previousOfferId))
        .for('update');
      if (answered?.status !== 'open' || answered.expired) throw conflict(DEALS.offerNotOpen);
      await closeOffer(tx, offer.previousOfferId, 'countered');
    }
    const now = new Date();
    const [approved] = await tx
      .update(offers)
      .set({
        status: 'open',
        approvedBy: caller.login.id,
        approvedAt: now,
        expiresAt: new Date(now.getTime() + OFFER_EXPIRY_MS),
      })
      .where(eq(offers.id, offer.id))
      .returning()
      .catch((error: unknown) => {
        throw liveOfferConflict(error);
      });
    if (!approved) throw new Error('locked offer vanished');
    await recordTransition(ctx, tx, {
      actor: caller.user,
      by: caller.login,
      actorParty: 'buyer',
      event: approved.previousOfferId ? 'offer_countered' : 'offer_made',
      deal: { offerId: approved.id, ...approved },
      detail: { terms: termsOf(approved) },
      audit: { action: 'offer.approve', before: { status: offer.status }, after: auditTerms(approved) },
    });
  });
  ctx.mailer.kick();
  return loaded(ctx, id);
}

/** An owner or manager turns a held offer down: it is declined, and the seller never saw it. */
export async function declineApproval(
  ctx: AppContext,
  caller: DealCaller,
  id: string,
  input: z.output<typeof declineOfferSchema>,
): Promise<OfferView> {
  await ctx.database.db.transaction(async (tx) => {
    const offer = await lockAwaiting(tx, caller, id);
    await closeOffer(tx, offer.id, 'declined', input.reason);
    await recordAdminAction(tx, caller.login, {
      action: 'offer.decline',
      targetType: 'offer',
      targetId: offer.id,
      targetLabel: offer.listingTitle,
      before: { status: offer.status },
      after: { status: 'declined' },
      reason: input.reason,
    });
  });
  return loaded(ctx, id);
}

/** What the maker reads when their offer was sent, or held for approval. */
export const offerSentMessage = (offer: OfferView, caller: DealCaller, sent: string): string =>
  offer.status === 'awaiting_approval'
    ? DEALS.offerAwaitsApproval(formatUsd(caller.member?.orderLimit ?? 0))
    : sent;
