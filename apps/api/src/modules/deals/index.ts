// What other features may use of deals: the offer and order reads that messaging's thread and
// stream show, and the admin overview's order figures; for fulfilment (issue 23), the order's
// policy table, its locks' words, the record of a move and the drawing tools of the printed papers;
// for wanted posts (issue 25), the one path that opens a deal, which a seller's answer takes; and
// for samples (issue 25 item 3), the one path that makes an order.
export { BRAND, MUTED, newPaper, PAGE, party, RIGHT_COLUMN, when } from './confirmation-pdf.ts';
export { recordTransition } from './notices.ts';
export { type DealCaller, type OpeningTerms, openOffer } from './offers.ts';
export { placeOrder } from './order-placement.ts';
export { statusWords } from './orders.ts';
export { dealSide, orderPolicy } from './policy.ts';
export { presentOffer, presentOrder } from './presenter.ts';
export {
  findOffer,
  findOffers,
  findOrder,
  type OrderView,
  recentOrderStats,
  visibleOrder,
} from './read-model.ts';
