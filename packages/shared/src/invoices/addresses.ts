import { address } from '../route-contract.ts';

// Where the payment and invoice-list calls of issue 23 answer (decision 200): no zod here, see
// routes.ts. Issuing and reading one invoice (GET /orders/{id}/invoice) belong to fulfilment.
export const invoiceAddresses = {
  payments: address('GET', '/orders/:id/payments'),
  recordPayment: address('POST', '/orders/:id/payments'),
  invoices: address('GET', '/invoices'),
  invoicesCsv: address('GET', '/invoices.csv'),
  invoicesExport: address('GET', '/invoices/export'),
};
