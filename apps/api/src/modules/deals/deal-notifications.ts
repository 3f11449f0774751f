import type { DealEvent, DealParty, NotificationKind } from '@canopy/shared';
import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/index.ts';
import type { Transition } from './notices.ts';

// What each move of a deal puts in the notification centre (issue 25 item 6), in the move's
// transaction: the side that did not move hears of it, as its e-mail does (decision 189). Offers
// reach the members who may answer them on that side; order moves everyone who may see orders.

interface Told {
  kind: NotificationKind;
  title: string;
}

function toldOf(event: DealEvent, title: string, order: string): Told {
  switch (event) {
    case 'offer_made':
      return { kind: 'offer', title: `New offer on ${title}` };
    case 'offer_countered':
      return { kind: 'offer', title: `Counter-offer on ${title}` };
    case 'offer_accepted':
      return { kind: 'offer', title: `Offer accepted on ${title}: order ${order} confirmed` };
    case 'offer_declined':
      return { kind: 'offer', title: `Offer declined on ${title}` };
    case 'offer_withdrawn':
      return { kind: 'offer', title: `Offer withdrawn on ${title}` };
    case 'order_scheduled':
      return { kind: 'order', title: `Order ${order} scheduled for delivery` };
    case 'order_in_transit':
      return { kind: 'order', title: `Order ${order} in transit` };
    case 'order_fulfilled':
      return { kind: 'order', title: `Order ${order} fulfilled` };
    case 'order_completed':
      return { kind: 'order', title: `Order ${order} completed` };
    case 'order_cancelled':
      return { kind: 'order', title: `Order ${order} cancelled` };
  }
}

export async function notifyDealMove(tx: Db, transition: Transition, summary: string): Promise<void> {
  const { deal, event, actorParty } = transition;
  const side: DealParty = actorParty === 'buyer' ? 'seller' : 'buyer';
  const told = toldOf(event, deal.listingTitle, deal.orderNumber ?? '');
  const onOrder = told.kind === 'order' || event === 'offer_accepted';
  await notify(tx, {
    companyId: side === 'buyer' ? deal.buyerId : deal.sellerId,
    kind: told.kind,
    side,
    title: told.title,
    summary,
    link: onOrder && deal.orderId ? `/orders/${deal.orderId}` : '/messages',
    subjectId: onOrder && deal.orderId ? deal.orderId : deal.offerId,
  });
}
