// The catalog feature's public face: the product page's body (the admin preview shows a listing
// as buyers will see it) and the product query keys (moderation refreshes the catalog).
export { productKeys } from './api/products-api.ts';
export { ProductDetails } from './components/product-page/product-details.tsx';
