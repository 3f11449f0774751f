import { groupDigits, onFirstUse } from '../common/units.ts';
import { MESSAGE_RULES } from '../messaging/texts.ts';
import {
  DEAL_REASON_MAX,
  OFFER_LINES_MAX,
  OFFER_NOTE_MAX,
  OFFER_PRICE_MAX,
  OFFER_QUANTITY_MAX,
} from './limits.ts';
import type { PriceSource } from './schemas.ts';

// Every text a person reads about offers and orders: the API's errors and the web's toasts.

export const OFFER_RULES = {
  listingRequired: 'Listing is required',
  quantityRequired: 'Quantity is required',
  quantityInvalid: 'Quantity must be a number',
  quantityPositive: 'Quantity must be greater than 0',
  quantityStep: 'Quantity can have at most 2 decimal places',
  quantityMax: `Quantity must be at most ${groupDigits(OFFER_QUANTITY_MAX)} lbs`,
  priceRequired: 'Price per pound is required',
  priceInvalid: 'Price per pound must be a number',
  pricePositive: 'Price per pound must be greater than 0',
  priceStep: 'Price per pound can have at most 2 decimal places',
  priceMax: `Price per pound must be at most $${groupDigits(OFFER_PRICE_MAX)}`,
  deliverByInvalid: 'Deliver-by date must be a date (YYYY-MM-DD)',
  deliverByPast: 'Deliver-by date cannot be in the past',
  noteTooLong: `Note must be at most ${groupDigits(OFFER_NOTE_MAX)} characters`,
  reasonTooLong: `Reason must be at most ${DEAL_REASON_MAX} characters`,
  cancelReasonRequired: 'Please give a reason for cancelling',
  statusInvalid: 'Status must be in_transit, fulfilled, completed or cancelled',
  paymentTermsInvalid: 'Payment terms must be cod, net7, net15 or net30',
  // Offers of several lots (issue 25 item 0).
  sellerRequired: 'Seller is required',
  linesRequired: 'An offer needs at least one line',
  linesMax: `An offer can have at most ${OFFER_LINES_MAX} lines`,
  linesDistinct: 'Each lot can be on only one line of an offer',
} as const;

export const DEALS = {
  notEnoughQuantity: 'Not enough quantity available',
  soldOut: 'Sold out',
  offerNotFound: 'Offer not found',
  orderNotFound: 'Order not found',
  listingUnavailable: MESSAGE_RULES.listingUnavailable,
  ownListing: 'You cannot make an offer on your own listing',
  buyersOnly: 'Only verified buyers can make offers',
  liveOfferExists: 'You already have an open offer on this listing',
  offerNotOpen: 'This offer is no longer open',
  partyNotVerified: 'The other business is no longer verified on Canopy, so this offer cannot go ahead',
  notYourTurn: 'This offer is waiting for the other side to answer',
  onlyMakerWithdraws: 'Only the party who made this offer can withdraw it',
  onlySellerFulfils: 'Only the seller can mark an order fulfilled',
  onlyBuyerCompletes: 'Only the buyer can mark an order completed',
  orderPartyGone:
    'The other business has left Canopy: this order is kept as a record and can no longer change',
  orderTransition: (from: string, to: string) => `An order that is ${from} cannot be marked ${to}`,
  lotChanged:
    'This listing has changed since these terms were made, so they can no longer be accepted. Answer with a counter-offer on the listing as it is now, or decline.',
  // How an order's timeline tells what its cancellation did to the listing's quantity.
  quantityReturned: (quantity: string) => `${quantity} put back on the listing`,
  quantityNotReturned: 'Not put back on the listing: the seller had changed it since the order',
  // Order limits (issue 28): an offer above the maker's limit waits for an owner or manager.
  offerAwaitsApproval: (limit: string) =>
    `This offer is above your order limit of ${limit}, so it waits for a manager's approval before the seller sees it`,
  notAwaitingApproval: 'This offer is not waiting for approval',
  // Offers of several lots (issue 25 item 0, decisions 237–239).
  lineNotEnoughQuantity: (title: string) => `Not enough quantity available of "${title}"`,
  lineLotChanged: (title: string) =>
    `"${title}" has changed since these terms were made, so they can no longer be accepted. Answer with a counter-offer on the listing as it is now, or decline.`,
  lineListingUnavailable: (title: string) => `"${title}" is no longer available`,
  lineOtherSeller: 'Every line of an offer must be a lot of the seller it is sent to',
  counterNeedsLines: 'This offer has several lines: counter it with a list of lines',
  counterUnknownLine: 'A counter-offer can change or remove the lines of the offer it answers, not add lots',
  offerApproved: 'Offer approved and sent to the seller',
  approvalDeclined: 'Offer declined; the seller never saw it',
  // Reorder (issue 25 item 5, decision 245).
  reorderNotDelivered: 'Only a fulfilled or completed order can be ordered again',
  onlyBuyerReorders: 'Only the buyer can order again',
  sampleNotReordered: 'A sample is not ordered again: make an offer on the lot instead',
  nothingToReorder:
    'The seller has no lot of this strain and product type for sale now, so there is nothing to order again',
  reorderSent: (title: string) => `Offer sent on "${title}" with your last quantity and price`,
  // Toasts of the web app.
  offerSent: 'Offer sent',
  counterSent: 'Counter-offer sent',
  offerAccepted: 'Offer accepted. The order is confirmed.',
  offerDeclined: 'Offer declined',
  offerWithdrawn: 'Offer withdrawn',
  orderUpdated: (status: string) => `Order marked ${status}`,
  offerFailed: 'Failed to send offer',
  offersFetchFailed: 'Failed to fetch offers',
  ordersFetchFailed: 'Failed to fetch orders',
  orderFetchFailed: 'Failed to fetch order',
} as const;

// Built on first use, not at import: this module loads with every page (decision 257).
const dollars = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
const pounds = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }));

/** "$1,200.00" */
export const formatUsd = (amount: number) => dollars().format(amount);
/** "25.5 lbs", "1 lb", "1,250 lbs" */
export const formatLbs = (quantity: number) =>
  `${pounds().format(quantity)} ${quantity === 1 ? 'lb' : 'lbs'}`;
/** "12.5 lbs at $1,200.00/lb, total $15,000.00": how cards, notices, e-mails and the PDF state terms. */
export const describeTerms = (terms: { quantityLbs: number; pricePerLb: number; total: number }) =>
  `${formatLbs(terms.quantityLbs)} at ${formatUsd(terms.pricePerLb)}/lb, total ${formatUsd(terms.total)}`;

/**
 * How an order line says where its price came from (issue 25, decision 233): "Volume tier from
 * 10 lbs", "Asking price", "Negotiated".
 */
export function priceSourceText(line: { priceSource: PriceSource; tierFromLbs: number | null }): string {
  switch (line.priceSource) {
    case 'tier':
      return line.tierFromLbs === null ? 'Volume tier' : `Volume tier from ${formatLbs(line.tierFromLbs)}`;
    case 'asking':
      return 'Asking price';
    case 'group':
      return 'Group price';
    case 'sample':
      return 'Sample';
    default:
      return 'Negotiated';
  }
}
