import { DEALS, type DealParty, formatOrderNumber, type PriceSource } from '@canopy/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  listings,
  type OfferRow,
  type OrderPartySnapshot,
  orderEvents,
  orderLines,
  orders,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { type DealTerms, recordTransition } from './notices.ts';
import type { DealCaller } from './offers.ts';

// The one way an order is made (issue 14, decision 184): from an offer closed as accepted, on its
// lot, locked and checked by the caller. An accepted offer and an approved sample (issue 25 item 3,
// decision 243) both come through here, so every order has the same line, event, notice, e-mail,
// webhook and audit entry, and fulfilment, invoices and manifests need to know nothing of samples.

/** The lot as the caller locked it. */
export interface LockedLot {
  id: string;
  title: string;
  quantityLbs: number;
  lotVersion: number;
  stockVersion: number;
}

/** Where a line's price came from, and a sample's exact grams. */
export interface LineSource {
  priceSource: PriceSource;
  tierFromLbs: number | null;
  sampleGrams?: number;
}

/** One line the order buys: the agreed terms, the lot as locked, and where the price came from. */
export interface PlacedLine {
  line: { position: number; quantityLbs: number; pricePerLb: number };
  listing: LockedLot;
  source: LineSource;
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
 * Takes every line's pounds off its lot (the caller locked the lots and checked there are enough;
 * a CHECK backs it), and makes the order with one line per offer line, the lots' titles and both
 * businesses as they are now; the order's own lot columns describe line 1. Returns its id.
 */
export async function placeOrder(
  ctx: AppContext,
  tx: Db,
  move: {
    caller: DealCaller;
    party: DealParty;
    offer: OfferRow;
    lots: readonly PlacedLine[];
    /** The terms the notice shows (with the lines when there are several). */
    terms: DealTerms;
    /** What the audit trail records as the state before: the open offer's terms, or the sample request. */
    auditBefore: Record<string, unknown>;
  },
): Promise<string> {
  const { caller, party, offer, lots } = move;
  const [first] = lots;
  if (!first) throw new Error('an order without lines');
  const { listing } = first;
  for (const { line, listing: lot } of lots) {
    await tx
      .update(listings)
      .set({ quantityLbs: sql`${listings.quantityLbs} - ${line.quantityLbs}` })
      .where(eq(listings.id, lot.id));
  }
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
  // One order line per offer line (decision 184), each with its lot's counters for a cancellation.
  await tx.insert(orderLines).values(
    lots.map(({ line, listing: lot, source }) => ({
      id: uuidv7(),
      orderId: order.id,
      position: line.position,
      listingId: lot.id,
      listingTitle: lot.title,
      listingVersion: lot.lotVersion,
      stockVersion: lot.stockVersion,
      quantityLbs: line.quantityLbs,
      pricePerLb: line.pricePerLb,
      priceSource: source.priceSource,
      tierFromLbs: source.tierFromLbs,
      sampleGrams: source.sampleGrams ?? null,
    })),
  );
  await tx.insert(orderEvents).values({
    id: uuidv7(),
    orderId: order.id,
    status: 'confirmed',
    by: party,
    actorId: caller.login.id,
  });
  const left = lots.map(({ line, listing: lot }) => lot.quantityLbs - line.quantityLbs);
  await recordTransition(ctx, tx, {
    actor: caller.user,
    by: caller.login,
    actorParty: party,
    event: 'offer_accepted',
    deal: {
      ...offer,
      offerId: offer.id,
      orderId: order.id,
      orderNumber: number,
      listingTitle: listing.title,
    },
    detail: { terms: move.terms },
    audit: {
      action: 'offer.accept',
      before: move.auditBefore,
      after: {
        status: 'accepted',
        order: number,
        listingQuantityLbs: left[0],
        ...(lots.length > 1 ? { linesQuantityLbs: left } : {}),
      },
    },
  });
  return order.id;
}
