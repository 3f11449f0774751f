import { idParams } from '../common/params.ts';
import { messageResponse } from '../common/responses.ts';
import {
  LISTING_MODERATION,
  listingReviewQueueQuery,
  moderationReasonBody,
  reviewDecisionBody,
} from '../listing-moderation.ts';
import { defineRoutes, rawResponse } from '../route-contract.ts';
import { ADMIN, LISTINGS } from '../texts.ts';
import { adminAddresses } from './addresses.ts';
import {
  adminListingsResponse,
  adminStatsResponse,
  adminUsersResponse,
  auditResponse,
  listingPreviewResponse,
  listingReviewsResponse,
  listingToggledResponse,
  reviewAnsweredResponse,
  userReviewResponse,
  userStatusChangedResponse,
} from './responses.ts';
import {
  adminListingListQuery,
  adminUserListQuery,
  auditFilters,
  auditQuery,
  profileChangeDecisionBody,
  userStatusBody,
} from './schemas.ts';

const userParams = idParams(ADMIN.userNotFound);
const listingParams = idParams(LISTINGS.notFound);

export const adminContracts = defineRoutes(adminAddresses, {
  listUsers: {
    summary: 'Users, newest first, with their license check',
    query: adminUserListQuery,
    response: { 200: adminUsersResponse },
  },
  changeUserStatus: {
    summary: "Change a user's status (approve, reject, suspend, reactivate)",
    params: userParams,
    body: userStatusBody,
    response: { 200: userStatusChangedResponse },
  },
  userReview: {
    summary: "A user with the registry's verdict on their license",
    params: userParams,
    response: { 200: userReviewResponse },
  },
  approveProfileChange: {
    summary: "Approve a trader's pending business or license change",
    params: userParams,
    body: profileChangeDecisionBody,
    response: { 200: messageResponse },
  },
  rejectProfileChange: {
    summary: "Reject a trader's pending business or license change",
    params: userParams,
    body: profileChangeDecisionBody,
    response: { 200: messageResponse },
  },
  audit: {
    summary: 'The audit trail of admin actions, newest first',
    query: auditQuery,
    response: { 200: auditResponse },
  },
  auditExport: {
    summary: 'The filtered audit trail as CSV',
    query: auditFilters,
    response: rawResponse('text/csv', 'One row per entry, newest first, as an attachment'),
  },
  stats: { summary: 'The Overview figures', response: { 200: adminStatsResponse } },
  listListings: {
    summary: 'Every listing, with its seller',
    query: adminListingListQuery,
    response: { 200: adminListingsResponse },
  },
  toggleListing: {
    summary: 'Hide a listing, or lift a hide (a reason is required)',
    params: listingParams,
    // SPEC sends no body; decision 076 makes the reason required.
    body: moderationReasonBody,
    response: { 200: listingToggledResponse },
  },
  deleteListing: {
    summary: 'Delete a listing and its media (a reason is required)',
    params: listingParams,
    body: moderationReasonBody,
    response: { 200: messageResponse },
  },
  listingPreview: {
    summary: 'A listing as the public would see it, with its history and what deleting it takes',
    params: listingParams,
    response: { 200: listingPreviewResponse },
  },
  listingReviews: {
    summary: 'Open review requests of hidden listings, oldest first',
    query: listingReviewQueueQuery,
    response: { 200: listingReviewsResponse },
  },
  answerListingReview: {
    summary: 'Answer a review request: restore the listing or keep it hidden',
    params: idParams(LISTING_MODERATION.reviewNotFound),
    body: reviewDecisionBody,
    response: { 200: reviewAnsweredResponse },
  },
});
