import type { DealEvent, WebhookEventType } from '@canopy/shared';
import type { Db } from '../../db/client.ts';
import { queueListingUpdated } from '../listings/index.ts';
import { queueWebhookEvent } from '../webhooks/index.ts';
import { presentOffer, presentOrder } from './presenter.ts';
import { findOffer, findOrder } from './read-model.ts';

// What each move of a deal tells the parties' webhooks (issue 24), in the move's transaction:
// the offer and the order in the shapes GET /offers/{id} and GET /orders/{id} answer. Both parties
// see a deal whole, so both get the same data; held offers never come here (they are announced
// when approved, like every other move). Accepting takes pounds from the seller's lot and a
// cancellation may give them back, so those tell the seller's webhooks of the lot as well.

interface DealRef {
  offerId: string;
  listingId: string | null;
  orderId?: string | null;
  buyerId: string;
  sellerId: string;
}

type Announced = { type: WebhookEventType; resource: 'offer' | 'previousOffer' | 'order' };

const ANNOUNCED: Readonly<Record<DealEvent, readonly Announced[]>> = {
  offer_made: [{ type: 'offer.created', resource: 'offer' }],
  // A counter closes the offer it answers and is an offer of its own.
  offer_countered: [
    { type: 'offer.updated', resource: 'previousOffer' },
    { type: 'offer.created', resource: 'offer' },
  ],
  offer_accepted: [
    { type: 'offer.updated', resource: 'offer' },
    { type: 'order.created', resource: 'order' },
  ],
  offer_declined: [{ type: 'offer.updated', resource: 'offer' }],
  offer_withdrawn: [{ type: 'offer.updated', resource: 'offer' }],
  order_scheduled: [{ type: 'order.updated', resource: 'order' }],
  order_in_transit: [{ type: 'order.updated', resource: 'order' }],
  order_fulfilled: [{ type: 'order.updated', resource: 'order' }],
  order_completed: [{ type: 'order.updated', resource: 'order' }],
  order_cancelled: [{ type: 'order.updated', resource: 'order' }],
};

/** Moves that take pounds from the lot or may give them back: the seller's lot changed too. */
const MOVES_POUNDS: ReadonlySet<DealEvent> = new Set(['offer_accepted', 'order_cancelled']);

export async function queueDealEvents(
  tx: Db,
  urlFor: (key: string) => string,
  event: DealEvent,
  deal: DealRef,
): Promise<void> {
  const companyIds = [deal.buyerId, deal.sellerId];
  // Read once, after the move's writes, and only if some party subscribes.
  let offer: ReturnType<typeof findOffer> | undefined;
  const theOffer = async () => {
    offer ??= findOffer(tx, deal.offerId);
    const found = await offer;
    if (!found) throw new Error('moved offer not found in its own transaction');
    return found;
  };
  const load = {
    offer: async () => presentOffer(await theOffer()),
    previousOffer: async () => {
      const previousId = (await theOffer()).previousOfferId;
      const previous = previousId ? await findOffer(tx, previousId) : null;
      if (!previous) throw new Error('countered offer not found in its own transaction');
      return presentOffer(previous);
    },
    order: async () => {
      const orderId = deal.orderId ?? (await theOffer()).orderId;
      const order = orderId ? await findOrder(tx, orderId) : null;
      if (!order) throw new Error('moved order not found in its own transaction');
      return presentOrder(order);
    },
  };
  for (const { type, resource } of ANNOUNCED[event]) {
    await queueWebhookEvent(tx, { type, companyIds, data: load[resource] });
  }
  if (deal.listingId && MOVES_POUNDS.has(event)) {
    await queueListingUpdated(tx, urlFor, deal.sellerId, deal.listingId);
  }
}
