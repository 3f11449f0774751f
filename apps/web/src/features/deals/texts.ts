// Words of the deals screens that packages/shared does not fix. The API's errors and the toasts
// come from @canopy/shared (DEALS, OFFER_RULES) so both ends say the same thing.

import { countOf } from '@canopy/shared';

export const OFFER_FORM = {
  makeOffer: 'Make an Offer',
  dialogTitle: (businessName: string) => `Offer to ${businessName}`,
  counterTitle: 'Counter-offer',
  about: (title: string) => `About: ${title}`,
  available: (quantity: string) => `Available: ${quantity}`,
  asking: (price: string) => `Asking price: ${price}`,
  viewYourOffer: 'View your offer',
  quantity: 'Quantity (lbs)',
  price: 'Price per lb (USD)',
  deliverBy: 'Deliver by',
  deliverByHint: 'Optional. Today or later.',
  paymentTerms: 'Payment terms',
  paymentTermsHint: 'When the buyer pays: on delivery, or a number of days after it.',
  note: 'Note',
  noteHint: (left: number) => `Optional. ${countOf(left, 'character')} left.`,
  total: 'Total',
  cancel: 'Cancel',
  send: 'Send Offer',
  sendCounter: 'Send Counter-offer',
  signIn: 'Sign in',
  sentNotice: 'Your offer is waiting for the seller in your conversation.',
  viewInMessages: 'View in Messages',
} as const;

export const OFFER_CARD = {
  /** Whose offer it is and whether it answers another, from the reader's side. */
  heading: (mine: boolean, counter: boolean) => `${mine ? 'Your' : 'Their'} ${counter ? 'counter' : 'offer'}`,
  /** Which member of the company made these terms (issue 28). */
  madeBy: (member: string) => `by ${member}`,
  /** The lot's own terms beside the offer's: its asking price (if any) and what is left of it. */
  lotTerms: (askingPrice: string | null, available: string) =>
    `${askingPrice ? `Asking ${askingPrice}` : 'Takes offers'} · ${available}`,
  lotAvailable: (quantity: string) => `${quantity} available`,
  quantity: 'Quantity',
  price: 'Price per lb',
  total: 'Total',
  deliverBy: 'Deliver by',
  paymentTerms: 'Payment',
  note: 'Note',
  expires: (when: string) => `Expires ${when}`,
  accept: 'Accept',
  decline: 'Decline',
  counter: 'Counter',
  withdraw: 'Withdraw',
  /** An offer above its maker's order limit, waiting for an owner or manager (decision 204). */
  awaitingApproval: 'Above the order limit of the member who made it: the seller sees it once approved.',
  approve: 'Approve',
  declineApproval: 'Decline',
  waiting: 'Waiting for the other side to answer.',
  viewOrder: 'View order',
  acceptTitle: 'Accept this offer?',
  acceptBody: (terms: string) =>
    `Accepting confirms an order for ${terms}. The quantity is reserved from the listing at once.`,
  acceptConfirm: 'Accept and Create Order',
  declineTitle: 'Decline this offer?',
  reason: 'Reason',
  reasonHint: 'Optional. The other side sees it.',
  declineConfirm: 'Decline Offer',
  withdrawTitle: 'Withdraw your offer?',
  withdrawBody: 'The other side will no longer be able to accept it.',
  withdrawConfirm: 'Withdraw Offer',
  keep: 'Keep',
  listLabel: 'Offers in this conversation',
} as const;

export const OFFER_STATUS_LABELS = {
  open: 'Open',
  countered: 'Countered',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  awaiting_approval: 'Awaiting approval',
  expired: 'Expired',
} as const;

export const ORDER_STATUS_LABELS = {
  confirmed: 'Confirmed',
  scheduled: 'Scheduled',
  in_transit: 'In transit',
  fulfilled: 'Fulfilled',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const;

export const ORDERS_PAGE = {
  title: 'Orders',
  buyerDescription: 'What you bought, from confirmation to completion.',
  sellerDescription: 'What you sold, from confirmation to completion.',
  tabsLabel: 'Orders by status',
  all: 'All',
  empty: 'No orders yet',
  emptyHint: 'An order is created when an offer is accepted.',
  emptyStatus: (status: string) => `No ${status.toLowerCase()} orders`,
  browseProducts: 'Browse Products',
  loading: 'Loading orders…',
  caption: 'Orders',
  number: 'Order',
  product: 'Product',
  counterpart: (role: 'buyer' | 'seller') => (role === 'buyer' ? 'Seller' : 'Buyer'),
  quantity: 'Quantity',
  total: 'Total',
  status: 'Status',
  date: 'Date',
  summary: (count: number, total: string) => `${countOf(count, 'order')} · ${total} in total`,
  pagination: 'Orders pages',
  exportCsv: 'Export CSV',
  exportFailed: 'Failed to export orders',
} as const;

export const ORDER_DETAIL = {
  title: (number: string) => `Order ${number}`,
  back: 'Back to orders',
  /** A sample's exact grams beside the pounds its line records (decision 243). */
  sampleQuantity: (grams: number, lbs: string) => `${grams} g sample (${lbs})`,
  loading: 'Loading the order…',
  retry: 'Try again',
  terms: 'Terms',
  deliverBy: 'Deliver by',
  product: 'Product',
  buyer: 'Buyer',
  seller: 'Seller',
  quantity: 'Quantity',
  price: 'Price per lb',
  /** Where the price came from (issue 25): a volume tier, the asking price, or the talk. */
  priceSource: 'Pricing',
  total: 'Total',
  status: 'Status',
  timeline: 'Timeline',
  by: (name: string) => `by ${name}`,
  /** A move a member made for their company (issue 28): the person, then the business. */
  byMember: (member: string, business: string) => `by ${member} of ${business}`,
  confirmation: 'Order Confirmation (PDF)',
  confirmationFailed: 'Failed to open the order confirmation',
  paymentTerms: 'Payment terms',
  dueDate: 'Due date',
  dueOnDelivery: 'Set when delivered',
  markInTransit: 'Mark In Transit',
  inTransitTitle: 'Mark this order in transit?',
  inTransitBody:
    'Confirm that the distributor has picked the goods up. From then on the schedule and the invoice can no longer change.',
  markFulfilled: 'Mark Fulfilled',
  markCompleted: 'Mark Completed',
  cancel: 'Cancel Order',
  cancelTitle: 'Cancel this order?',
  cancelBody:
    'The quantity goes back to the listing unless the seller has changed it since the order. The other side is told the reason.',
  cancelConfirm: 'Cancel Order',
  keep: 'Keep Order',
  notYet: 'Not Yet',
  reason: 'Reason',
  fulfilledTitle: 'Mark this order fulfilled?',
  fulfilledBody: 'Confirm that the product was handed over or shipped to the buyer.',
  completedTitle: 'Mark this order completed?',
  completedBody: 'Confirm that you received the product as agreed.',
  confirm: 'Confirm',
} as const;

export const DEALS_SUMMARY = {
  title: 'Deals',
  openOffers: 'Open offers',
  toFulfil: 'Orders to fulfil',
  view: 'View',
  loading: 'Loading deals…',
} as const;

/** Fallbacks when a move fails without a server text (the server's text is shown when it has one). */
/** "Order again" on a delivered order (issue 25 item 5, decision 245). */
export const ORDER_AGAIN = {
  button: 'Order again',
  title: 'Order again?',
  body: (seller: string, terms: string) =>
    `${seller} receives a new offer of ${terms}, on this lot or, when it is gone, on their current lot of the same strain and product type (less if they have less). They accept or counter it in your conversation.`,
  confirm: 'Send the offer',
  cancel: 'Not now',
  failed: 'Failed to order again',
} as const;

export const DEAL_FAILURES = {
  offerAction: 'Failed to update the offer',
  orderAction: 'Failed to update the order',
} as const;
