import { address } from '../route-contract.ts';

// Where the admin's calls answer (decision 200): no zod here, see routes.ts.
export const adminAddresses = {
  listUsers: address('GET', '/admin/users'),
  changeUserStatus: address('PUT', '/admin/users/:id/status'),
  userReview: address('GET', '/admin/users/:id'),
  approveProfileChange: address('POST', '/admin/users/:id/profile-change/approve'),
  rejectProfileChange: address('POST', '/admin/users/:id/profile-change/reject'),
  audit: address('GET', '/admin/audit'),
  auditExport: address('GET', '/admin/audit/export'),
  stats: address('GET', '/admin/stats'),
  listListings: address('GET', '/admin/listings'),
  toggleListing: address('PUT', '/admin/listings/:id/toggle-status'),
  deleteListing: address('DELETE', '/admin/listings/:id'),
  listingPreview: address('GET', '/admin/listings/:id'),
  listingReviews: address('GET', '/admin/listing-reviews'),
  answerListingReview: address('PUT', '/admin/listing-reviews/:id'),
};
