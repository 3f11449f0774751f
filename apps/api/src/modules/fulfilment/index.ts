// What other features may use of fulfilment (issue 23): its routes, and the invoice.updated event
// a payment queues (issue 24).
export { queueInvoiceUpdated } from './invoice-event.ts';
export { fulfilmentRoutes } from './routes.ts';
