import { address } from '../route-contract.ts';

// Where the offer and order calls answer (decision 200): no zod here, see routes.ts.
export const dealAddresses = {
  makeOffer: address('POST', '/offers'),
  offers: address('GET', '/offers'),
  offer: address('GET', '/offers/:id'),
  acceptOffer: address('POST', '/offers/:id/accept'),
  declineOffer: address('POST', '/offers/:id/decline'),
  withdrawOffer: address('POST', '/offers/:id/withdraw'),
  counterOffer: address('POST', '/offers/:id/counter'),
  approveOffer: address('POST', '/offers/:id/approve'),
  declineApproval: address('POST', '/offers/:id/decline-approval'),
  orders: address('GET', '/orders'),
  ordersCsv: address('GET', '/orders/export.csv'),
  order: address('GET', '/orders/:id'),
  confirmationPdf: address('GET', '/orders/:id/confirmation.pdf'),
  changeOrderStatus: address('POST', '/orders/:id/status'),
  reorder: address('POST', '/orders/:id/reorder'),
  summary: address('GET', '/deals/summary'),
};
