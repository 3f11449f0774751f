// The api-keys feature's public face (issue 24): what the composition root wires in.
export { recordKeyWrite } from './key-writes.ts';
export { apiKeyRoutes } from './routes.ts';
