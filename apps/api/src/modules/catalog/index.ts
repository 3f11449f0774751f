// What other features may use of the catalog; everything else in this folder is its own business.
export { type NewListingMatch, publicListingsMatching } from './matching.ts';
export { productPage, publicCategoryCounts, publicProduct } from './pages.ts';
export { presentProduct, priceRange } from './presenter.ts';
