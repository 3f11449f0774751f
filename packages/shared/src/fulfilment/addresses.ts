import { address } from '../route-contract.ts';

// Where the fulfilment calls of issue 23 answer (decision 200): no zod here, see routes.ts.
export const fulfilmentAddresses = {
  scheduleOrder: address('POST', '/orders/:id/schedule'),
  invoice: address('GET', '/orders/:id/invoice'),
  invoicePdf: address('GET', '/orders/:id/invoice.pdf'),
  correctInvoice: address('POST', '/orders/:id/invoice/corrections'),
  manifestPdf: address('GET', '/orders/:id/manifest.pdf'),
  manifestCsv: address('GET', '/orders/:id/manifest.csv'),
};
