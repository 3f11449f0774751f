// What other features may use of the cart; everything else in this folder is its own business.
export { cartRoutes } from './routes.ts';
