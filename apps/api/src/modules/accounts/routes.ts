import { ADMIN, changePasswordSchema, PROFILE, profileUpdateSchema, REVIEW } from '@canopy/shared';
import { defineRoutes, parse, requireId } from '../../http/route-table.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pendingChangeOf, withdrawPendingChange } from './pending-profile-changes.ts';
import { presentUser } from './presenter.ts';
import { changePassword, findUserById, updateProfile } from './service.ts';

const DOCUMENT_NOT_FOUND = 'License document not found';

export const accountRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/auth/profile',
    access: 'session',
    handler: async ({ ctx, auth }) => ({
      success: true,
      user: presentUser(auth.user),
      pendingEmail: auth.user.pendingEmail,
      pendingProfileChange: await pendingChangeOf(ctx.database.db, auth.user.id),
    }),
  },
  {
    method: 'PUT',
    url: '/auth/profile',
    access: 'session',
    handler: async ({ request, ctx, auth }) => {
      const update = parse(profileUpdateSchema, request.body);
      const user = await updateProfile(ctx, auth.user, update);
      // Beside SPEC's fields: a new address waiting for confirmation (decision 060) and a business or
      // license change waiting for review (decision 082).
      return {
        success: true,
        message: PROFILE.updated,
        user: presentUser(user),
        pendingEmail: user.pendingEmail,
        pendingProfileChange: await pendingChangeOf(ctx.database.db, user.id),
      };
    },
  },
  {
    // Decision 082: a trader takes back a business name or license change still waiting for review.
    method: 'DELETE',
    url: '/auth/profile/pending-change',
    access: 'session',
    handler: async ({ ctx, auth }) => {
      if (!(await withdrawPendingChange(ctx.database.db, auth.user.id)))
        throw notFound(REVIEW.noPendingChange);
      return { success: true, message: REVIEW.changeWithdrawn };
    },
  },
  {
    method: 'POST',
    url: '/auth/change-password',
    access: 'session',
    rateLimitPerMinute: 10,
    handler: async ({ request, ctx, auth }) => {
      const { currentPassword, newPassword } = parse(changePasswordSchema, request.body);
      await changePassword(ctx, auth, currentPassword, newPassword);
      return { success: true, message: PROFILE.passwordChanged };
    },
  },
  {
    // Private: only the document's owner and admins, never through a public URL.
    method: 'GET',
    url: '/users/:id/license-document',
    access: 'session',
    handler: async ({ request, reply, ctx, auth }) => {
      const id = requireId((request.params as { id?: string }).id, DOCUMENT_NOT_FOUND, isUuid);
      if (auth.user.id !== id && auth.user.role !== 'admin')
        throw new AppError('FORBIDDEN', ADMIN.accessDenied);
      const owner = await findUserById(ctx.database.db, id);
      const file = owner?.licenseDocumentKey ? await ctx.privateFiles.read(owner.licenseDocumentKey) : null;
      if (!owner || !file) throw notFound(DOCUMENT_NOT_FOUND);
      const extension = owner.licenseDocumentKey?.split('.').pop() ?? 'bin';
      return reply
        .header('content-type', owner.licenseDocumentType ?? 'application/octet-stream')
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="license-document.${extension}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  },
]);
