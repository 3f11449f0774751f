// What other features may use of deals: the offer and order reads that messaging's thread and
// stream show, and the admin overview's order figures.
export { presentOffer, presentOrder } from './presenter.ts';
export { findOffer, findOffers, findOrder, recentOrderStats } from './read-model.ts';
