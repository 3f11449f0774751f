import { address } from '../route-contract.ts';

// Where the signed-in account's own calls answer (decision 200): no zod here, see routes.ts.
export const accountAddresses = {
  profile: address('GET', '/auth/profile'),
  updateProfile: address('PUT', '/auth/profile'),
  withdrawPendingChange: address('DELETE', '/auth/profile/pending-change'),
  changePassword: address('POST', '/auth/change-password'),
  licenseDocument: address('GET', '/users/:id/license-document'),
};
