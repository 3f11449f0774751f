import { AUTH, DEALS, type DealParty, FULFILMENT } from '@canopy/shared';
import { definePolicy, refuse } from '../../lib/policy.ts';

// Who may do what to an offer or an order (issue 27 item 18). Only the two parties see a deal,
// and admins read it; for anyone else it does not exist, so its id tells an outsider nothing.
// Whose turn it is to answer an offer depends on its last move, not on who the caller is: the
// offer service checks that after the table.

const PARTIES = ['buyerParty', 'sellerParty', 'admin', 'other'] as const;

export const offerPolicy = definePolicy({
  resource: 'offer',
  notFound: DEALS.offerNotFound,
  relations: PARTIES,
  rules: {
    read: { buyerParty: 'allow', sellerParty: 'allow', admin: 'allow', other: 'hide' },
    /** Accept, decline or counter. */
    answer: { buyerParty: 'allow', sellerParty: 'allow', admin: refuse(AUTH.forbidden), other: 'hide' },
    withdraw: { buyerParty: 'allow', sellerParty: 'allow', admin: refuse(AUTH.forbidden), other: 'hide' },
    /**
     * Approve or decline an offer waiting above its maker's order limit: the buying company's
     * (its owner's or manager's, by the route's permission); the seller never learns of it.
     */
    approve: { buyerParty: 'allow', sellerParty: 'hide', admin: refuse(AUTH.forbidden), other: 'hide' },
  },
});

export const orderPolicy = definePolicy({
  resource: 'order',
  notFound: DEALS.orderNotFound,
  relations: PARTIES,
  rules: {
    /** The order, its history, its printable confirmation, and its invoice and manifest. */
    read: { buyerParty: 'allow', sellerParty: 'allow', admin: 'allow', other: 'hide' },
    fulfil: {
      buyerParty: refuse(DEALS.onlySellerFulfils),
      sellerParty: 'allow',
      admin: refuse(AUTH.forbidden),
      other: 'hide',
    },
    complete: {
      buyerParty: 'allow',
      sellerParty: refuse(DEALS.onlyBuyerCompletes),
      admin: refuse(AUTH.forbidden),
      other: 'hide',
    },
    cancel: { buyerParty: 'allow', sellerParty: 'allow', admin: refuse(AUTH.forbidden), other: 'hide' },
    /** Name the distributor, transport and packages, which issues the invoice (issue 23). */
    schedule: {
      buyerParty: refuse(FULFILMENT.onlySellerSchedules),
      sellerParty: 'allow',
      admin: refuse(AUTH.forbidden),
      other: 'hide',
    },
    /** Hand the goods to the distributor: the schedule and invoice freeze. */
    ship: {
      buyerParty: refuse(FULFILMENT.onlySellerShips),
      sellerParty: 'allow',
      admin: refuse(AUTH.forbidden),
      other: 'hide',
    },
    /** Order again (issue 25 item 5): the buyer makes a new offer from a delivered order. */
    reorder: {
      buyerParty: 'allow',
      sellerParty: refuse(DEALS.onlyBuyerReorders),
      admin: refuse(AUTH.forbidden),
      other: 'hide',
    },
    correctInvoice: {
      buyerParty: refuse(FULFILMENT.onlySellerCorrects),
      sellerParty: 'allow',
      admin: refuse(AUTH.forbidden),
      other: 'hide',
    },
  },
});

/** The side a caller the table let move a deal is on; only a party ever gets this far. */
export function dealSide(caller: { id: string }, deal: { buyerId: string; sellerId: string }): DealParty {
  if (deal.buyerId === caller.id) return 'buyer';
  if (deal.sellerId === caller.id) return 'seller';
  throw new Error('a deal was moved by someone who is not a party to it');
}
