// Samples (issue 25 item 3): the routes, and the cap the buyer-groups feature will point at.
export { sampleCapFor } from './cap.ts';
export { samplePolicy } from './policy.ts';
export { sampleRoutes } from './routes.ts';
