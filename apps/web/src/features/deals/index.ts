// The deals feature's public face: what other features and the app may use. Everything else in
// this folder is its own business.

export { refreshDeals } from './api/refresh-deals.ts';
export { DealNotice } from './components/deal-notice.tsx';
export { DealsSummary } from './components/deals-summary.tsx';
export { isSoldOut, ProductOfferButton, ThreadOfferButton } from './components/make-offer.tsx';
