// The seller storefront (issue 15 item 5). Nothing else uses it yet; its routes are put together in app.ts.
export { sellerRoutes } from './routes.ts';
