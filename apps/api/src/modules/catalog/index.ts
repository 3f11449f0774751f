// What other features may use of the catalog; everything else in this folder is its own business.

export { yourPrivateLots } from './buyer-view.ts';
export { installCatalog } from './install.ts';
export { type NewListingMatch, publicListingsMatching } from './matching.ts';
export type { CatalogAnswers } from './pages.ts';
export { presentProduct, priceRange } from './presenter.ts';
export { productSellerFields } from './service.ts';
