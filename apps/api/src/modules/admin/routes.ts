import {
  ADMIN,
  LICENSE_FILTERS,
  LISTING_MODERATION,
  LISTING_REVIEWS_PAGE_DEFAULT,
  LISTINGS,
  moderationReasonBody,
  REVIEW,
  ROLES,
  reviewDecisionBody,
  USER_STATUSES,
} from '@canopy/shared';
import { z } from 'zod';
import { filterText, pageQuery, paginated } from '../../http/pagination.ts';
import { defineRoutes, parse, requireId } from '../../http/route-table.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
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

const listingId = (params: unknown) => requireId((params as { id?: string }).id, LISTINGS.notFound, isUuid);

const statusBody = z.strictObject({
  status: z.enum(USER_STATUSES, { error: ADMIN.unknownStatus }),
  reason: reasonField,
});

const decisionBody = z.strictObject({ reason: reasonField });

const userId = (params: unknown) => requireId((params as { id?: string }).id, ADMIN.userNotFound, isUuid);

export const adminRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/admin/users',
    access: 'admin',
    handler: async ({ request, ctx }) => {
      const query = parse(userListQuery, request.query);
      const { rows, total } = await listUsers(ctx, query);
      return paginated(
        rows.map(({ row, ...review }) => ({ ...presentUser(row), ...review })),
        query,
        total,
      );
    },
  },
  {
    method: 'PUT',
    url: '/admin/users/:id/status',
    access: 'admin',
    handler: async ({ request, ctx, auth }) => {
      const { status, reason } = parse(statusBody, request.body);
      const user = await changeUserStatus(ctx, auth.user, userId(request.params), status, reason);
      return { success: true, message: ADMIN.statusUpdated(status), data: presentUser(user) };
    },
  },
  {
    // User details: the account, the registry's verdict on its license and a pending change.
    method: 'GET',
    url: '/admin/users/:id',
    access: 'admin',
    handler: async ({ request, ctx }) => {
      const user = await findUserById(ctx.database.db, userId(request.params));
      if (!user) throw notFound(ADMIN.userNotFound);
      return { success: true, data: await userReview(ctx.database.db, user) };
    },
  },
  {
    method: 'POST',
    url: '/admin/users/:id/profile-change/approve',
    access: 'admin',
    handler: async ({ request, ctx, auth }) => {
      const { reason } = parse(decisionBody, request.body);
      await decidePendingChange(ctx, true, { admin: auth.user, userId: userId(request.params), reason });
      return { success: true, message: REVIEW.changeApproved };
    },
  },
  {
    method: 'POST',
    url: '/admin/users/:id/profile-change/reject',
    access: 'admin',
    handler: async ({ request, ctx, auth }) => {
      const { reason } = parse(decisionBody, request.body);
      await decidePendingChange(ctx, false, { admin: auth.user, userId: userId(request.params), reason });
      return { success: true, message: REVIEW.changeRejected };
    },
  },
  {
    method: 'GET',
    url: '/admin/audit',
    access: 'admin',
    handler: async ({ request, ctx }) => {
      const query = parse(auditQuery, request.query);
      const { rows, total } = await listAuditEntries(ctx.database.db, query.page, query.limit, query);
      return paginated(rows.map(presentAuditEntry), query, total);
    },
  },
  {
    // The filtered trail as a spreadsheet (newest first), for records kept outside Canopy.
    method: 'GET',
    url: '/admin/audit/export',
    access: 'admin',
    handler: async ({ request, reply, ctx }) => {
      const filters = parse(auditFilters, request.query);
      const csv = auditCsv(await auditRowsForExport(ctx.database.db, filters));
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="canopy-audit-${stamp}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  },
  {
    method: 'GET',
    url: '/admin/stats',
    access: 'admin',
    handler: async ({ ctx }) => ({ success: true, data: await adminStats(ctx.database.db) }),
  },
  {
    method: 'GET',
    url: '/admin/listings',
    access: 'admin',
    handler: async ({ request, ctx }) => {
      const query = parse(listingListQuery, request.query);
      const { data, total } = await listAllListings(ctx, query);
      return paginated(data, query, total);
    },
  },
  {
    method: 'PUT',
    url: '/admin/listings/:id/toggle-status',
    access: 'admin',
    handler: async ({ request, ctx, auth }) => {
      const id = listingId(request.params);
      // SPEC sends no body; decision 076 makes the reason required.
      const { reason } = parse(moderationReasonBody, request.body);
      const isActive = await toggleListing(ctx, auth.user, id, reason);
      return {
        success: true,
        message: toggledMessage(isActive),
        data: { _id: id, is_active: isActive },
      };
    },
  },
  {
    method: 'DELETE',
    url: '/admin/listings/:id',
    access: 'admin',
    handler: async ({ request, ctx, auth }) => {
      const id = listingId(request.params);
      const { reason } = parse(moderationReasonBody, request.body);
      await deleteListing(ctx, auth.user, id, reason);
      return { success: true, message: ADMIN.listingDeleted };
    },
  },
  {
    // The read-only preview before acting (decision 077).
    method: 'GET',
    url: '/admin/listings/:id',
    access: 'admin',
    handler: async ({ request, ctx }) => ({
      success: true,
      data: await listingPreview(ctx, listingId(request.params)),
    }),
  },
  {
    method: 'GET',
    url: '/admin/listing-reviews',
    access: 'admin',
    handler: async ({ request, ctx }) => {
      const query = parse(reviewQueueQuery, request.query);
      const { data, total } = await listOpenReviewRequests(ctx.database.db, query.page, query.limit);
      return paginated(data, query, total);
    },
  },
  {
    method: 'PUT',
    url: '/admin/listing-reviews/:id',
    access: 'admin',
    handler: async ({ request, ctx, auth }) => {
      const id = requireId((request.params as { id?: string }).id, LISTING_MODERATION.reviewNotFound, isUuid);
      const { decision, reason } = parse(reviewDecisionBody, request.body);
      const { listingId: listing } = await answerReviewRequest(ctx, auth.user, id, decision, reason);
      return {
        success: true,
        message: decision === 'restore' ? LISTING_MODERATION.restored : LISTING_MODERATION.keptHidden,
        data: { _id: id, listingId: listing, decision },
      };
    },
  },
]);
