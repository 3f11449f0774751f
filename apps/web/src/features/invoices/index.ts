// The invoices feature's public face: the order page's Payments section, the seller dashboard's
// overdue invoices, and the buyer's payment record an offer shows its seller.
export { OfferBuyerRecord } from './components/offer-buyer-record.tsx';
export { OverdueInvoices } from './components/overdue-invoices.tsx';
export { PaymentsSection } from './components/payments-section.tsx';
