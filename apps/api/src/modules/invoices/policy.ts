import { AUTH, DEALS, INVOICES } from '@canopy/shared';
import { definePolicy, refuse } from '../../lib/policy.ts';

// Who may do what to an order's invoice and its payments (issue 23): the two parties and admins
// read it; only the seller records money received; for anyone else the order does not exist.

export const invoicePolicy = definePolicy({
  resource: 'invoice',
  notFound: DEALS.orderNotFound,
  relations: ['buyerParty', 'sellerParty', 'admin', 'other'],
  rules: {
    read: { buyerParty: 'allow', sellerParty: 'allow', admin: 'allow', other: 'hide' },
    recordPayment: {
      buyerParty: refuse(INVOICES.onlySellerRecords),
      sellerParty: 'allow',
      admin: refuse(AUTH.forbidden),
      other: 'hide',
    },
  },
});
