// The deals feature's public face: what other features and the app may use. Everything else in
// this folder is its own business.

// For the order page's fulfilment section (issue 23): the deals' query keys and a term of a deal;
// for samples (issue 25 item 3), the confirmation every deal move passes through.
export { dealsKeys } from './api/query-keys.ts';
export { refreshDeals } from './api/refresh-deals.ts';
export { ConfirmMoveDialog } from './components/confirm-move-dialog.tsx';
export { DealNotice } from './components/deal-notice.tsx';
export { DealsSummary } from './components/deals-summary.tsx';
export {
  askingPricePerLb,
  availableLbs,
  isSoldOut,
  ProductOfferButton,
  ThreadOfferButton,
} from './components/make-offer.tsx';
export { PaymentTermsSelect } from './components/payment-terms-select.tsx';
export { Term } from './components/term.tsx';
