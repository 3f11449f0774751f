// What other features may use of fulfilment (issue 23): its routes.
export { fulfilmentRoutes } from './routes.ts';
