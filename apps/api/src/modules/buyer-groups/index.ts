// The buyer groups feature's public face (issue 25 item 1): what the composition root wires in.
export { buyerGroupRoutes } from './routes.ts';
