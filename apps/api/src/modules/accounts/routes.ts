import { ADMIN, accountContracts, LICENSE_DOCUMENT_NOT_FOUND, PROFILE, REVIEW } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { presentSignedIn } from '../companies/index.ts';
import { saveProfile } from './member-profile.ts';
import { pendingChangeOf, withdrawPendingChange } from './pending-profile-changes.ts';
import { changePassword, findUserById } from './service.ts';

export const accountRoutes = [
  route({
    ...accountContracts.profile,
    access: 'session',
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    user: presentSignedIn(auth),
    pendingEmail: auth.login.pendingEmail,
    pendingProfileChange: await pendingChangeOf(ctx.database.db, auth.user.id),
  })),
  route({
    ...accountContracts.updateProfile,
    access: 'session',
  }).handle(async ({ body, ctx, auth }) => {
    const { user, login } = await saveProfile(ctx, auth, body);
    // Beside SPEC's fields: a new address waiting for confirmation (decision 060) and a business or
    // license change waiting for review (decision 082).
    return {
      success: true,
      message: PROFILE.updated,
      user: presentSignedIn({ user, login, member: auth.member }),
      pendingEmail: login.pendingEmail,
      pendingProfileChange: await pendingChangeOf(ctx.database.db, user.id),
    };
  }),
  // Decision 082: a trader takes back a business name or license change still waiting for review.
  route({
    ...accountContracts.withdrawPendingChange,
    access: 'session',
  }).handle(async ({ ctx, auth }) => {
    if (!(await withdrawPendingChange(ctx.database.db, auth.user.id))) throw notFound(REVIEW.noPendingChange);
    return { success: true, message: REVIEW.changeWithdrawn };
  }),
  route({
    ...accountContracts.changePassword,
    access: 'session',
    rateLimitPerMinute: 10,
  }).handle(async ({ body, ctx, auth }) => {
    await changePassword(ctx, auth, body.currentPassword, body.newPassword);
    return { success: true, message: PROFILE.passwordChanged };
  }),
  // Private: only the document's owner and admins, never through a public URL.
  route({
    ...accountContracts.licenseDocument,
    access: 'session',
  }).handle(async ({ params: { id }, reply, ctx, auth }) => {
    if (auth.user.id !== id && auth.user.role !== 'admin')
      throw new AppError('FORBIDDEN', ADMIN.accessDenied);
    const owner = await findUserById(ctx.database.db, id);
    const file = owner?.licenseDocumentKey ? await ctx.privateFiles.read(owner.licenseDocumentKey) : null;
    if (!owner || !file) throw notFound(LICENSE_DOCUMENT_NOT_FOUND);
    const extension = owner.licenseDocumentKey?.split('.').pop() ?? 'bin';
    return reply
      .header('content-type', owner.licenseDocumentType ?? 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', `inline; filename="license-document.${extension}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  }),
];
