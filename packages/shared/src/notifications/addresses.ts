import { address } from '../route-contract.ts';

// Where a member's notifications answer (decision 200). The bell in the navigation uses these on
// every page, so this module imports no zod; routes.ts adds the schemas.
export const notificationAddresses = {
  list: address('GET', '/notifications'),
  read: address('POST', '/notifications/:id/read'),
  readAll: address('POST', '/notifications/read-all'),
};
