import {
  BUYER_GROUPS,
  COMPANY_LICENSES,
  type CounterBody,
  DEALS,
  type declineOfferSchema,
  formatUsd,
  type MakeOfferBody,
  OFFER_EXPIRY_MS,
  OFFER_RULES,
} from '@canopy/shared';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  cartItems,
  listings,
  type OfferLineRow,
  type OfferRow,
  offerLines,
  offers,
  reachableBy,
  users,
} from '../../db/schema/index.ts';
import {
  badRequest,
  conflict,
  type FailureDetails,
  forbidden,
  isUniqueViolation,
  notFound,
} from '../../lib/errors.ts';
import { isUuid, uuidv7 } from '../../lib/ids.ts';
import { authorizeFound } from '../../lib/policy.ts';
import type { SessionUser } from '../../lib/session.ts';
import { recordAdminAction, recordSystemAction } from '../audit/index.ts';
import { verifiedLicenseOf } from '../companies/index.ts';
import { buyerGroupWith, groupEntriesFor, groupPriceOf } from '../pricing/index.ts';
import { mailApprovalRequest } from './deal-mail.ts';
import { recordTransition } from './notices.ts';
import { placeOrder } from './order-placement.ts';
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

/** What one line asks for: a lot, its pounds and price per pound. */
interface LineTerms {
  listingId: string;
  quantityLbs: number;
  pricePerLb: number;
}

type LineWords = Pick<OfferLineRow, 'listingTitle' | 'quantityLbs' | 'pricePerLb' | 'total'>;

/** An offer's terms for its notice and audit entry; the lines only when there are several. */
const termsOf = (
  row: Pick<OfferRow, 'quantityLbs' | 'pricePerLb' | 'total' | 'deliverBy' | 'note' | 'paymentTerms'>,
  lines: readonly LineWords[] = [],
) => ({
  quantityLbs: row.quantityLbs,
  pricePerLb: row.pricePerLb,
  total: row.total,
  deliverBy: row.deliverBy,
  note: row.note,
  paymentTerms: row.paymentTerms,
  ...(lines.length > 1
    ? {
        lines: lines.map(({ listingTitle, quantityLbs, pricePerLb, total }) => ({
          listingTitle,
          quantityLbs,
          pricePerLb,
          total,
        })),
      }
    : {}),
});

const auditTerms = (row: OfferRow, lines: readonly LineWords[] = []) => ({
  status: row.status,
  ...termsOf(row, lines),
});

/**
 * Refusals about one line: a one-line offer keeps today's words (SPEC's texts), a line of several
 * names its lot, so the buyer knows which one is short or changed.
 */
/** A refusal's text and, for a text naming a lot, the code a program reads instead. */
type Refusal = [string, FailureDetails | undefined];
const lineRefusal = {
  short: (several: boolean, title: string): Refusal =>
    several
      ? [DEALS.lineNotEnoughQuantity(title), { code: 'line_quantity_unavailable' }]
      : [DEALS.notEnoughQuantity, undefined],
  changed: (several: boolean, title: string): Refusal =>
    several ? [DEALS.lineLotChanged(title), { code: 'line_lot_changed' }] : [DEALS.lotChanged, undefined],
  gone: (several: boolean, title: string): Refusal =>
    several
      ? [DEALS.lineListingUnavailable(title), { code: 'line_listing_unavailable' }]
      : [DEALS.listingUnavailable, undefined],
};

/** An offer's lines by position. */
async function linesOf(tx: Db, offerId: string): Promise<OfferLineRow[]> {
  return tx
    .select()
    .from(offerLines)
    .where(eq(offerLines.offerId, offerId))
    .orderBy(asc(offerLines.position));
}

type DealListing = NonNullable<Awaited<ReturnType<typeof dealListing>>>;

/**
 * Writes an offer's lines in the order given, each with the lot version it is made on and the
 * price source the buyer was shown for its quantity (decision 187, decision 233).
 */
async function insertLines(
  tx: Db,
  offerId: string,
  lots: readonly { line: LineTerms; listing: DealListing }[],
): Promise<OfferLineRow[]> {
  return tx
    .insert(offerLines)
    .values(
      lots.map(({ line, listing }, index) => ({
        id: uuidv7(),
        offerId,
        position: index + 1,
        listingId: listing.id,
        listingTitle: listing.title,
        listingVersion: listing.lotVersion,
        quantityLbs: line.quantityLbs,
        pricePerLb: line.pricePerLb,
        ...priceSourceOf(line, listing, listing.groupPrice),
      })),
    )
    .returning();
}

/**
 * Locks the listings of these lots in one order (by id), so two deals over the same lots never
 * wait on each other crosswise; a lot out of reach is refused naming its line.
 */
async function lockLots<L extends { listingId: string | null; listingTitle: string }>(
  tx: Db,
  buyerId: string,
  lines: readonly L[],
): Promise<{ line: L; listing: DealListing }[]> {
  const several = lines.length > 1;
  const byId = [...lines].sort((a, b) => (a.listingId ?? '').localeCompare(b.listingId ?? ''));
  const locked = new Map<L, DealListing>();
  for (const line of byId) {
    const listing = await dealListing(tx, line.listingId, buyerId, true);
    if (!listing) throw conflict(...lineRefusal.gone(several, line.listingTitle));
    locked.set(line, listing);
  }
  return lines.map((line) => ({ line, listing: locked.get(line) as DealListing }));
}

/**
 * The listing an offer is made on or answered for, when its page is reachable by the offer's buyer
 * (active, of a verified seller, and not private to a group the buyer is not in; sold out
 * included, the quantity check refuses it), with the buyer's group price on it (decision 242);
 * locked when the answer will change its quantity or depends on it.
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
  if (!listing) return null;
  const entry = (await groupEntriesFor(tx, buyerId, [listing.id])).get(listing.id);
  return { ...listing, groupPrice: entry ? groupPriceOf(listing, entry) : null };
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

/** The lines a body asks for: today's single-lot body is an offer of one line. */
function requestedLines(input: MakeOfferBody): { sellerId: string | null; lines: LineTerms[] } {
  if ('lines' in input) return { sellerId: input.sellerId, lines: input.lines };
  const { listingId, quantityLbs, pricePerLb } = input;
  return { sellerId: null, lines: [{ listingId, quantityLbs, pricePerLb }] };
}

/**
 * A verified buyer offers on a listing, or on several lots of one seller (a cart's offer, one line
 * each); the seller hears of it in their conversation, and the lots leave the buyer's cart.
 */
export async function createOffer(
  ctx: AppContext,
  caller: DealCaller,
  body: MakeOfferBody,
): Promise<OfferView> {
  const { sellerId, lines } = requestedLines(body);
  if (lines.some((line) => !isUuid(line.listingId))) throw notFound(DEALS.listingUnavailable);
  if (sellerId !== null && !isUuid(sellerId)) throw badRequest(DEALS.lineOtherSeller);
  const offerId = await ctx.database.db.transaction((tx) =>
    openOffer(ctx, tx, caller, {
      sellerId,
      lines,
      buyerId: caller.user.id,
      madeBy: 'buyer',
      deliverBy: body.deliverBy,
      note: body.note,
      paymentTerms: body.paymentTerms,
      buyerLicenseId: body.buyerLicenseId,
    }),
  );
  ctx.mailer.kick();
  return loaded(ctx, offerId);
}

/**
 * The first terms on one lot or several lots of one seller, made by either side: a buyer's offer
 * or cart, or a seller answering a wanted post (issue 25).
 */
export interface OpeningTerms {
  /** The seller every line must belong to, when the body named one (a cart's offer). */
  sellerId?: string | null;
  lines: readonly LineTerms[];
  buyerId: string;
  madeBy: 'buyer' | 'seller';
  deliverBy: string | null;
  note: string | null;
  paymentTerms: MakeOfferBody['paymentTerms'];
  buyerLicenseId?: string | undefined;
}

/**
 * Opens a deal in the caller's transaction: the one path by which a first offer is made, whoever
 * makes it, with one line per lot. A buyer's is held for approval above their member's order
 * limit, and its lots leave their cart; a seller's must be on their own lots. Answers the offer's
 * id; the caller kicks the mailer after commit.
 */
export async function openOffer(ctx: AppContext, tx: Db, caller: DealCaller, input: OpeningTerms) {
  const { lines } = input;
  const several = lines.length > 1;
  const held = input.madeBy === 'buyer' && aboveLimit(caller, lines);
  const lots: { line: LineTerms; listing: DealListing }[] = [];
  for (const line of lines) {
    const listing = await dealListing(tx, line.listingId, input.buyerId, false);
    if (!listing) throw notFound(DEALS.listingUnavailable);
    if (input.madeBy === 'seller' && listing.sellerId !== caller.user.id)
      throw notFound(DEALS.listingUnavailable);
    if (input.sellerId && listing.sellerId !== input.sellerId) throw badRequest(DEALS.lineOtherSeller);
    if (lots.length > 0 && listing.sellerId !== lots[0]?.listing.sellerId)
      throw badRequest(DEALS.lineOtherSeller);
    if (line.quantityLbs > listing.quantityLbs)
      throw badRequest(...lineRefusal.short(several, listing.title));
    lots.push({ line, listing });
  }
  const [first] = lots;
  if (!first) throw badRequest(DEALS.listingUnavailable);
  const { line, listing } = first;
  // A buyer group's terms with this seller: its minimum order (over every line), and its payment
  // terms when the offer names none (decision 242). A seller answering a wanted post sets their own.
  const group = input.madeBy === 'buyer' ? await buyerGroupWith(tx, input.buyerId, listing.sellerId) : null;
  const pounds = lines.reduce((sum, each) => sum + each.quantityLbs, 0);
  if (group?.minimumOrderLbs != null && pounds < group.minimumOrderLbs) {
    throw badRequest(BUYER_GROUPS.belowMinimum(group.minimumOrderLbs), { code: 'below_group_minimum' });
  }
  await settleExpired(tx, listing.id, input.buyerId);
  const offer = await insertOffer(tx, {
    listingId: listing.id,
    listingTitle: listing.title,
    buyerId: input.buyerId,
    sellerId: listing.sellerId,
    buyerLicenseId: await verifiedLicenseOf(
      tx,
      input.buyerId,
      input.buyerLicenseId,
      COMPANY_LICENSES.receivingInvalid,
    ),
    quantityLbs: line.quantityLbs,
    pricePerLb: line.pricePerLb,
    deliverBy: input.deliverBy,
    note: input.note,
    paymentTerms: input.paymentTerms ?? group?.paymentTerms ?? 'cod',
    madeBy: input.madeBy,
    madeByUserId: caller.login.id,
    lotVersion: listing.lotVersion,
    ...(held ? { status: 'awaiting_approval' as const, approvalRequired: true } : {}),
  });
  const written = await insertLines(tx, offer.id, lots);
  // Offered lots leave the buyer's cart: the offer now carries them (decision 237).
  await tx.delete(cartItems).where(
    and(
      eq(cartItems.buyerCompanyId, input.buyerId),
      inArray(
        cartItems.listingId,
        lots.map((lot) => lot.listing.id),
      ),
    ),
  );
  if (held) {
    await holdForApproval(ctx, tx, caller, offer, 'offer.create', written);
    return offer.id;
  }
  const deal = { offerId: offer.id, ...offer };
  await recordTransition(ctx, tx, {
    actor: caller.user,
    by: caller.login,
    actorParty: input.madeBy,
    event: 'offer_made',
    deal,
    detail: { terms: termsOf(offer, written) },
    audit: { action: 'offer.create', before: null, after: auditTerms(offer, written) },
  });
  return offer.id;
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

/**
 * The other side accepts: every line's listing goes down by the line's pounds (never below zero:
 * the rows are locked and every line checked before any pound is taken, and a CHECK constraint
 * backs it), all or none, and the order is made with one line per offer line, the listings' titles
 * and both businesses as they are now. A line whose lot changed since the terms were made, or
 * that is short, is refused naming it (decisions 187 and 238).
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
    const lines = await linesOf(tx, offer.id);
    const several = lines.length > 1;
    const lots = await lockLots(tx, offer.buyerId, lines);
    // Terms are agreed on each lot as it was when they were made: once anything but the quantity
    // has changed (a rewritten grade, potency, price or gallery), accepting would sell another lot
    // than the one offered on. The answering side counters on the lot as it is now (decision 187).
    for (const { line, listing } of lots) {
      if (line.listingVersion !== listing.lotVersion)
        throw conflict(...lineRefusal.changed(several, line.listingTitle));
    }
    for (const { line, listing } of lots) {
      if (listing.quantityLbs < line.quantityLbs)
        throw conflict(...lineRefusal.short(several, line.listingTitle));
    }
    await closeOffer(tx, offer.id, 'accepted');
    return placeOrder(ctx, tx, {
      caller,
      party,
      offer,
      // Which price each line paid: the lot's asking price or volume tier for its quantity, or the talk's.
      lots: lots.map(({ line, listing }) => ({
        line,
        listing,
        source: priceSourceOf(line, listing, listing.groupPrice),
      })),
      terms: termsOf(offer, lines),
      auditBefore: auditTerms(offer, lines),
    });
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

/**
 * The lines a counter asks for, in the offer's order: today's single-lot terms change a one-line
 * offer's line; a list keeps the lines it names with their new terms and removes the rest, and
 * may not bring in a lot the offer does not have (decision 238).
 */
function counterLines(offerLines: readonly OfferLineRow[], input: CounterBody) {
  if (!('lines' in input)) {
    const [only] = offerLines;
    if (!only || offerLines.length > 1) throw badRequest(DEALS.counterNeedsLines);
    return [{ ...only, quantityLbs: input.quantityLbs, pricePerLb: input.pricePerLb }];
  }
  const asked = new Map(input.lines.map((line) => [line.listingId, line]));
  const kept = offerLines.filter((line) => line.listingId !== null && asked.has(line.listingId));
  if (kept.length !== asked.size) throw badRequest(DEALS.counterUnknownLine);
  return kept.map((line) => {
    const terms = asked.get(line.listingId as string) as LineTerms;
    return { ...line, quantityLbs: terms.quantityLbs, pricePerLb: terms.pricePerLb };
  });
}

/**
 * The other side answers with new terms (any line's pounds or price, a line removed): they become
 * the live offer, the old one is countered. A counter is made on the lots as they are now,
 * whatever the terms it answers were made on.
 */
export async function counterOffer(
  ctx: AppContext,
  caller: DealCaller,
  id: string,
  input: CounterBody,
): Promise<OfferView> {
  const actor = caller.user;
  const counterId = await ctx.database.db.transaction(async (tx) => {
    const { offer, party } = await lockOpenOffer(tx, actor, id, 'answer');
    await assertCounterpartyVerified(tx, offer, party);
    const wanted = counterLines(await linesOf(tx, offer.id), input);
    const several = wanted.length > 1;
    const lots = await lockLots(tx, offer.buyerId, wanted);
    for (const { line, listing } of lots) {
      if (line.quantityLbs > listing.quantityLbs)
        throw badRequest(...lineRefusal.short(several, listing.title));
    }
    const [first] = lots;
    if (!first) throw badRequest(OFFER_RULES.linesRequired);
    // A buyer's counter above the member's limit waits; the offer it answers stays open meanwhile.
    const held = party === 'buyer' && aboveLimit(caller, wanted);
    if (!held) await closeOffer(tx, offer.id, 'countered');
    const counter = await insertOffer(tx, {
      listingId: first.listing.id,
      listingTitle: first.listing.title,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      buyerLicenseId: offer.buyerLicenseId,
      quantityLbs: first.line.quantityLbs,
      pricePerLb: first.line.pricePerLb,
      deliverBy: input.deliverBy,
      note: input.note,
      paymentTerms: input.paymentTerms ?? offer.paymentTerms,
      madeBy: party,
      madeByUserId: caller.login.id,
      previousOfferId: offer.id,
      lotVersion: first.listing.lotVersion,
      ...(held ? { status: 'awaiting_approval' as const, approvalRequired: true } : {}),
    });
    const written = await insertLines(
      tx,
      counter.id,
      lots.map(({ line, listing }) => ({
        line: { listingId: listing.id, quantityLbs: line.quantityLbs, pricePerLb: line.pricePerLb },
        listing,
      })),
    );
    if (held) {
      await holdForApproval(ctx, tx, caller, counter, 'offer.counter', written);
      return counter.id;
    }
    const answered = await linesOf(tx, offer.id);
    const deal = { offerId: counter.id, ...counter };
    await recordTransition(ctx, tx, {
      actor,
      by: caller.login,
      actorParty: party,
      event: 'offer_countered',
      deal,
      detail: { terms: termsOf(counter, written) },
      audit: {
        action: 'offer.counter',
        before: { offer: offer.id, ...auditTerms(offer, answered) },
        after: { offer: counter.id, ...auditTerms(counter, written) },
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

/**
 * Whether these lines' total, each line rounded as the database rounds it, is above the caller's
 * order limit: an offer of several lots is one purchase.
 */
function aboveLimit(
  caller: DealCaller,
  lines: readonly { quantityLbs: number; pricePerLb: number }[],
): boolean {
  const limit = caller.member?.orderLimit;
  if (limit === null || limit === undefined) return false;
  // In cents, from whole hundredths, so no binary fraction tips a total that equals the limit.
  const totalCents = lines.reduce(
    (sum, line) =>
      sum + Math.round((Math.round(line.quantityLbs * 100) * Math.round(line.pricePerLb * 100)) / 100),
    0,
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
  lines: readonly LineWords[],
): Promise<void> {
  await recordAdminAction(tx, caller.login, {
    action,
    targetType: 'offer',
    targetId: offer.id,
    targetLabel: offer.listingTitle,
    before: offer.previousOfferId ? { offer: offer.previousOfferId } : null,
    after: auditTerms(offer, lines),
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
    const lines = await linesOf(tx, offer.id);
    for (const { line, listing } of await lockLots(tx, offer.buyerId, lines)) {
      if (line.quantityLbs > listing.quantityLbs)
        throw conflict(...lineRefusal.short(lines.length > 1, line.listingTitle));
    }
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
      detail: { terms: termsOf(approved, lines) },
      audit: {
        action: 'offer.approve',
        before: { status: offer.status },
        after: auditTerms(approved, lines),
      },
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
