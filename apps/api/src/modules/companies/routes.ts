import { COMPANY, companyContracts, ORDER_LIMIT_TEXTS } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { companyActivity } from './activity.ts';
import {
  acceptAsNewLogin,
  acceptAsSignedIn,
  invite,
  presentInvitation,
  revokeInvitation,
} from './invitations.ts';
import { changeRole, companyView, removeMember, setRequireTwoFactor, transferOwnership } from './members.ts';
import { requireMember } from './membership.ts';
import { presentLogin } from './signed-in.ts';

// The company page's calls (issue 28's wire contract). Who may call each is the role table's
// `company:*` permissions, checked by requireMember; the access level only says signed in.

export const companyRoutes = [
  route({
    ...companyContracts.company,
    access: 'session',
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    data: await companyView(ctx.database.db, requireMember(auth, 'company:read')),
  })),
  route({
    ...companyContracts.activity,
    access: 'session',
  }).handle(async ({ ctx, auth }) => {
    const member = requireMember(auth, 'company:manage');
    return { success: true, data: await companyActivity(ctx.database.db, member.member.companyId) };
  }),
  route({
    ...companyContracts.invite,
    access: 'verified',
    rateLimitPerMinute: 20,
    rateLimitBy: 'session',
  }).handle(async ({ body, reply, ctx, auth }) => {
    const row = await invite(ctx, requireMember(auth, 'company:manage'), body);
    reply.status(201);
    return { success: true, message: COMPANY.invited(row.email), data: presentInvitation(row) };
  }),
  route({
    ...companyContracts.revokeInvitation,
    access: 'session',
  }).handle(async ({ params, ctx, auth }) => {
    await revokeInvitation(ctx.database.db, requireMember(auth, 'company:manage'), params.id);
    return { success: true, message: COMPANY.invitationRevoked };
  }),
  route({
    ...companyContracts.acceptInvitation,
    access: 'public',
    rateLimitPerMinute: 20,
  }).handle(async ({ body, ctx, auth }) => {
    let joined: Awaited<ReturnType<typeof acceptAsNewLogin>>;
    if (body.password !== undefined || body.contactName !== undefined) {
      if (!body.password || !body.contactName) throw badRequest(COMPANY.newLoginFields);
      joined = await acceptAsNewLogin(ctx, body.token, {
        contactName: body.contactName,
        password: body.password,
      });
    } else if (auth) {
      joined = await acceptAsSignedIn(ctx, body.token, auth);
    } else {
      throw badRequest(COMPANY.newLoginFields);
    }
    return {
      success: true,
      message: COMPANY.joined(joined.company.businessName),
      data: { token: joined.token, user: await presentLogin(ctx.database.db, joined.login) },
    };
  }),
  route({
    ...companyContracts.changeRole,
    access: 'session',
  }).handle(async ({ params, body, ctx, auth }) => {
    await changeRole(
      ctx.database.db,
      requireMember(auth, 'company:manage'),
      params.userId,
      body.role,
      body.orderLimit,
    );
    const message = body.orderLimit === undefined ? COMPANY.roleChanged(body.role) : ORDER_LIMIT_TEXTS.saved;
    return { success: true, message };
  }),
  route({
    ...companyContracts.removeMember,
    access: 'session',
  }).handle(async ({ params, ctx, auth }) => {
    await removeMember(ctx.database.db, requireMember(auth, 'company:manage'), params.userId);
    return { success: true, message: COMPANY.memberRemoved };
  }),
  route({
    ...companyContracts.transferOwnership,
    access: 'session',
  }).handle(async ({ body, ctx, auth }) => {
    await transferOwnership(ctx.database.db, requireMember(auth, 'company:own'), body.userId);
    return { success: true, message: COMPANY.ownershipTransferred };
  }),
  route({
    ...companyContracts.security,
    access: 'session',
  }).handle(async ({ body, ctx, auth }) => {
    const member = requireMember(auth, 'company:manage');
    if (member.member.role !== 'owner') throw new AppError('FORBIDDEN', COMPANY.securityOwnersOnly);
    await setRequireTwoFactor(ctx.database.db, member, body.requireTwoFactor);
    return { success: true, message: COMPANY.securitySaved(body.requireTwoFactor) };
  }),
];
