import {
  ADMIN,
  adminListingsResponse,
  adminStatsResponse,
  adminUsersResponse,
  auditResponse,
  idParams,
  LICENSE_FILTERS,
  LISTING_MODERATION,
  LISTING_REVIEWS_PAGE_DEFAULT,
  LISTINGS,
  listingPreviewResponse,
  listingReviewsResponse,
  listingToggledResponse,
  messageResponse,
  moderationReasonBody,
  REVIEW,
  ROLES,
  reviewAnsweredResponse,
  reviewDecisionBody,
  USER_STATUSES,
  userReviewResponse,
  userStatusChangedResponse,
} from '@canopy/shared';
import { z } from 'zod';
import { filterText, pageQuery, paginated } from '../../http/pagination.ts';
import { rawResponse, route } from '../../http/route-table.ts';
import { notFound } from '../../lib/errors.ts';
import { decidePendingChange, findUserById, presentUser } from '../accounts/index.ts';
import {
  auditCsv,
  auditFilters,
  auditRowsForExport,
  listAuditEntries,
  presentAuditEntry,
} from '../audit/index.ts';
import { listingPreview } from './listing-preview.ts';
import { answerReviewRequest, listOpenReviewRequests } from './listing-reviews.ts';
import { deleteListing, listAllListings, toggledMessage, toggleListing } from './listings.ts';
import { reasonField } from './reason-field.ts';
import { changeUserStatus, listUsers } from './service.ts';
import { adminStats } from './stats.ts';
import { userReview } from './user-review.ts';

const searchText = filterText(100);

const userListQuery = pageQuery(20).extend({
  status: z.enum(USER_STATUSES).optional().catch(undefined),
  role: z.enum(ROLES).optional().catch(undefined),
  query: searchText,
  license: z.enum(LICENSE_FILTERS, { error: REVIEW.unknownLicenseFilter }).optional(),
  /** `pending`: only accounts with a profile change waiting for review (decision 082). */
  profileChange: z.enum(['pending']).optional().catch(undefined),
});

const auditQuery = pageQuery(50).extend(auditFilters.shape);

const listingListQuery = pageQuery(50).extend({
  query: searchText,
  active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .catch(undefined),
  moderation: z.enum(['clear', 'hidden']).optional().catch(undefined),
});

const reviewQueueQuery = pageQuery(LISTING_REVIEWS_PAGE_DEFAULT);

const listingParams = idParams(LISTINGS.notFound);

const statusBody = z.strictObject({
  status: z.enum(USER_STATUSES, { error: ADMIN.unknownStatus }),
  reason: reasonField,
});

const decisionBody = z.strictObject({ reason: reasonField });

const userParams = idParams(ADMIN.userNotFound);

export const adminRoutes = [
  route({
    method: 'GET',
    url: '/admin/users',
    summary: 'Users, newest first, with their license check',
    access: 'admin',
    query: userListQuery,
    response: { 200: adminUsersResponse },
  }).handle(async ({ query, ctx }) => {
    const { rows, total } = await listUsers(ctx, query);
    return paginated(
      rows.map(({ row, ...review }) => ({ ...presentUser(row), ...review })),
      query,
      total,
    );
  }),
  route({
    method: 'PUT',
    url: '/admin/users/:id/status',
    summary: "Change a user's status (approve, reject, suspend, reactivate)",
    access: 'admin',
    params: userParams,
    body: statusBody,
    response: { 200: userStatusChangedResponse },
  }).handle(async ({ params: { id }, body: { status, reason }, ctx, auth }) => {
    const user = await changeUserStatus(ctx, auth.user, id, status, reason);
    return { success: true, message: ADMIN.statusUpdated(status), data: presentUser(user) };
  }),
  // User details: the account, the registry's verdict on its license and a pending change.
  route({
    method: 'GET',
    url: '/admin/users/:id',
    summary: "A user with the registry's verdict on their license",
    access: 'admin',
    params: userParams,
    response: { 200: userReviewResponse },
  }).handle(async ({ params: { id }, ctx }) => {
    const user = await findUserById(ctx.database.db, id);
    if (!user) throw notFound(ADMIN.userNotFound);
    return { success: true, data: await userReview(ctx.database.db, user) };
  }),
  route({
    method: 'POST',
    url: '/admin/users/:id/profile-change/approve',
    summary: "Approve a trader's pending business or license change",
    access: 'admin',
    params: userParams,
    body: decisionBody,
    response: { 200: messageResponse },
  }).handle(async ({ params: { id }, body: { reason }, ctx, auth }) => {
    await decidePendingChange(ctx, true, { admin: auth.user, userId: id, reason });
    return { success: true, message: REVIEW.changeApproved };
  }),
  route({
    method: 'POST',
    url: '/admin/users/:id/profile-change/reject',
    summary: "Reject a trader's pending business or license change",
    access: 'admin',
    params: userParams,
    body: decisionBody,
    response: { 200: messageResponse },
  }).handle(async ({ params: { id }, body: { reason }, ctx, auth }) => {
    await decidePendingChange(ctx, false, { admin: auth.user, userId: id, reason });
    return { success: true, message: REVIEW.changeRejected };
  }),
  route({
    method: 'GET',
    url: '/admin/audit',
    summary: 'The audit trail of admin actions, newest first',
    access: 'admin',
    query: auditQuery,
    response: { 200: auditResponse },
  }).handle(async ({ query, ctx }) => {
    const { rows, total } = await listAuditEntries(ctx.database.db, query.page, query.limit, query);
    return paginated(rows.map(presentAuditEntry), query, total);
  }),
  // The filtered trail as a spreadsheet (newest first), for records kept outside Canopy.
  route({
    method: 'GET',
    url: '/admin/audit/export',
    summary: 'The filtered audit trail as CSV',
    access: 'admin',
    query: auditFilters,
    response: rawResponse('text/csv', 'One row per entry, newest first, as an attachment'),
  }).handle(async ({ query, reply, ctx }) => {
    const csv = auditCsv(await auditRowsForExport(ctx.database.db, query));
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="canopy-audit-${stamp}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  }),
  route({
    method: 'GET',
    url: '/admin/stats',
    summary: 'The Overview figures',
    access: 'admin',
    response: { 200: adminStatsResponse },
  }).handle(async ({ ctx }) => ({ success: true, data: await adminStats(ctx.database.db) })),
  route({
    method: 'GET',
    url: '/admin/listings',
    summary: 'Every listing, with its seller',
    access: 'admin',
    query: listingListQuery,
    response: { 200: adminListingsResponse },
  }).handle(async ({ query, ctx }) => {
    const { data, total } = await listAllListings(ctx, query);
    return paginated(data, query, total);
  }),
  route({
    method: 'PUT',
    url: '/admin/listings/:id/toggle-status',
    summary: 'Hide a listing, or lift a hide (a reason is required)',
    access: 'admin',
    params: listingParams,
    // SPEC sends no body; decision 076 makes the reason required.
    body: moderationReasonBody,
    response: { 200: listingToggledResponse },
  }).handle(async ({ params: { id }, body: { reason }, ctx, auth }) => {
    const isActive = await toggleListing(ctx, auth.user, id, reason);
    return {
      success: true,
      message: toggledMessage(isActive),
      data: { _id: id, is_active: isActive },
    };
  }),
  route({
    method: 'DELETE',
    url: '/admin/listings/:id',
    summary: 'Delete a listing and its media (a reason is required)',
    access: 'admin',
    params: listingParams,
    body: moderationReasonBody,
    response: { 200: messageResponse },
  }).handle(async ({ params: { id }, body: { reason }, ctx, auth }) => {
    await deleteListing(ctx, auth.user, id, reason);
    return { success: true, message: ADMIN.listingDeleted };
  }),
  // The read-only preview before acting (decision 077).
  route({
    method: 'GET',
    url: '/admin/listings/:id',
    summary: 'A listing as the public would see it, with its history and what deleting it takes',
    access: 'admin',
    params: listingParams,
    response: { 200: listingPreviewResponse },
  }).handle(async ({ params: { id }, ctx }) => ({
    success: true,
    data: await listingPreview(ctx, id),
  })),
  route({
    method: 'GET',
    url: '/admin/listing-reviews',
    summary: 'Open review requests of hidden listings, oldest first',
    access: 'admin',
    query: reviewQueueQuery,
    response: { 200: listingReviewsResponse },
  }).handle(async ({ query, ctx }) => {
    const { data, total } = await listOpenReviewRequests(ctx.database.db, query.page, query.limit);
    return paginated(data, query, total);
  }),
  route({
    method: 'PUT',
    url: '/admin/listing-reviews/:id',
    summary: 'Answer a review request: restore the listing or keep it hidden',
    access: 'admin',
    params: idParams(LISTING_MODERATION.reviewNotFound),
    body: reviewDecisionBody,
    response: { 200: reviewAnsweredResponse },
  }).handle(async ({ params: { id }, body: { decision, reason }, ctx, auth }) => {
    const { listingId } = await answerReviewRequest(ctx, auth.user, id, decision, reason);
    return {
      success: true,
      message: decision === 'restore' ? LISTING_MODERATION.restored : LISTING_MODERATION.keptHidden,
      data: { _id: id, listingId, decision },
    };
  }),
];
