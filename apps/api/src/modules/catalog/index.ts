// What other features may use of the catalog; everything else in this folder is its own business.
export { presentProduct, priceRange } from './presenter.ts';
