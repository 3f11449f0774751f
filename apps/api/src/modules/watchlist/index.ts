// What other features may use of the watchlist; everything else in this folder is its own business.
export { watchlistRoutes } from './routes.ts';
