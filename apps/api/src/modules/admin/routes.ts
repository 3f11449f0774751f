import { ADMIN, ROLES, USER_STATUSES } from '@canopy/shared';
import { z } from 'zod';
import { defineRoutes, parse, requireId } from '../../http/route-table.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { presentUser } from '../accounts/presenter.ts';
import { findUserById } from '../accounts/service.ts';
import { listAuditEntries, presentAuditEntry } from '../audit/service.ts';
import { licenseVerdict } from '../licenses/verdict.ts';
import { changeUserStatus, listUsers } from './service.ts';

const userListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).max(100).catch(20),
  status: z.enum(USER_STATUSES).optional().catch(undefined),
  role: z.enum(ROLES).optional().catch(undefined),
  query: z.string().trim().max(100).optional().catch(undefined),
});

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).max(100).catch(50),
});

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
      return {
        success: true,
        data: rows.map(presentUser),
        pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
      };
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
      const { page, limit } = parse(pageQuery, request.query);
      const { rows, total } = await listAuditEntries(ctx.database.db, page, limit);
      return {
        success: true,
        data: rows.map(presentAuditEntry),
        pagination: { page, limit, total, pages: Math.ceil(total / limit) },
      };
    },
  },
]);
