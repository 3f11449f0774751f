import {
  ADMIN,
  LISTING_MODERATION,
  LISTING_REVIEWS_PAGE_DEFAULT,
  LISTINGS,
  moderationReasonBody,
  ROLES,
  reviewDecisionBody,
  singleLine,
  USER_STATUSES,
} from '@canopy/shared';
import { z } from 'zod';
import { pageQuery, paginated } from '../../http/pagination.ts';
import { defineRoutes, parse, requireId } from '../../http/route-table.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { presentUser } from '../accounts/presenter.ts';
import { findUserById } from '../accounts/service.ts';
import { listAuditEntries, presentAuditEntry } from '../audit/service.ts';
import { licenseVerdict } from '../licenses/verdict.ts';
import { listingPreview } from './listing-preview.ts';
import { answerReviewRequest, listOpenReviewRequests } from './listing-reviews.ts';
import { deleteListing, listAllListings, toggledMessage, toggleListing } from './listings.ts';
import { changeUserStatus, listUsers } from './service.ts';
import { adminStats } from './stats.ts';

/** A search box's text; one that is too long or holds control characters is no filter at all. */
const searchText = singleLine(z.string().trim().max(100)).optional().catch(undefined);

const userListQuery = pageQuery(20).extend({
  status: z.enum(USER_STATUSES).optional().catch(undefined),
  role: z.enum(ROLES).optional().catch(undefined),
  query: searchText,
});

const auditQuery = pageQuery(50);

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
});

export const adminRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/admin/users',
    access: 'admin',
    handler: async ({ request, ctx }) => {
      const query = parse(userListQuery, request.query);
      const { rows, total } = await listUsers(ctx, query);
      return paginated(rows.map(presentUser), query, total);
    },
  },
  {
    method: 'PUT',
    url: '/admin/users/:id/status',
    access: 'admin',
    handler: async ({ request, ctx, auth }) => {
      const id = requireId((request.params as { id?: string }).id, ADMIN.userNotFound, isUuid);
      const { status } = parse(statusBody, request.body);
      const user = await changeUserStatus(ctx, auth.user, id, status);
      return { success: true, message: ADMIN.statusUpdated(status), data: presentUser(user) };
    },
  },
  {
    // User details: the account plus the state registry's verdict on its license.
    method: 'GET',
    url: '/admin/users/:id',
    access: 'admin',
    handler: async ({ request, ctx }) => {
      const id = requireId((request.params as { id?: string }).id, ADMIN.userNotFound, isUuid);
      const user = await findUserById(ctx.database.db, id);
      if (!user) throw notFound(ADMIN.userNotFound);
      return {
        success: true,
        data: { user: presentUser(user), license: await licenseVerdict(ctx.database.db, user) },
      };
    },
  },
  {
    method: 'GET',
    url: '/admin/audit',
    access: 'admin',
    handler: async ({ request, ctx }) => {
      const query = parse(auditQuery, request.query);
      const { rows, total } = await listAuditEntries(ctx.database.db, query.page, query.limit);
      return paginated(rows.map(presentAuditEntry), query, total);
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
