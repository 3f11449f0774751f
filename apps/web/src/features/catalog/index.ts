// The catalog feature's public face: the product page's body (the admin preview shows a listing
// as buyers will see it), the product query keys (moderation refreshes the catalog) and a
// product's query (an offer card shows the lot's own terms).
export { productKeys, productQueryOptions } from './api/products-api.ts';
export { ProductDetails } from './components/product-page/product-details.tsx';
