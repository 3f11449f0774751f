import {
  acceptInvitationSchema,
  COMPANY,
  companyActivityResponse,
  companyResponse,
  companySecuritySchema,
  invitationAcceptedResponse,
  invitationCreatedResponse,
  invitationParams,
  invitationSchema,
  memberParams,
  memberRoleSchema,
  messageResponse,
  transferOwnershipSchema,
} from '@canopy/shared';
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
    method: 'GET',
    url: '/company',
    summary: "The caller's company: its licenses, members, pending invitations and the caller's role",
    access: 'session',
    response: { 200: companyResponse },
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    data: await companyView(ctx.database.db, requireMember(auth, 'company:read')),
  })),
  route({
    method: 'GET',
    url: '/company/activity',
    summary: "The company's member actions, newest first, under the member who acted",
    access: 'session',
    response: { 200: companyActivityResponse },
  }).handle(async ({ ctx, auth }) => {
    const member = requireMember(auth, 'company:manage');
    return { success: true, data: await companyActivity(ctx.database.db, member.member.companyId) };
  }),
  route({
    method: 'POST',
    url: '/company/invitations',
    summary: 'Invite someone by e-mail with a role; mails a link that works once, for 7 days',
    access: 'verified',
    rateLimitPerMinute: 20,
    rateLimitBy: 'session',
    body: invitationSchema,
    response: { 201: invitationCreatedResponse },
  }).handle(async ({ body, reply, ctx, auth }) => {
    const row = await invite(ctx, requireMember(auth, 'company:manage'), body);
    reply.status(201);
    return { success: true, message: COMPANY.invited(row.email), data: presentInvitation(row) };
  }),
  route({
    method: 'DELETE',
    url: '/company/invitations/:id',
    summary: 'Revoke a pending invitation',
    access: 'session',
    params: invitationParams,
    response: { 200: messageResponse },
  }).handle(async ({ params, ctx, auth }) => {
    await revokeInvitation(ctx.database.db, requireMember(auth, 'company:manage'), params.id);
    return { success: true, message: COMPANY.invitationRevoked };
  }),
  route({
    method: 'POST',
    url: '/company/invitations/accept',
    summary:
      'Accept an invitation: with a name and a password (a new login), or signed in as the invited address',
    access: 'public',
    rateLimitPerMinute: 20,
    body: acceptInvitationSchema,
    response: { 200: invitationAcceptedResponse },
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
    method: 'PUT',
    url: '/company/members/:userId',
    summary: "Change a member's role (only owners make or change owners)",
    access: 'session',
    params: memberParams,
    body: memberRoleSchema,
    response: { 200: messageResponse },
  }).handle(async ({ params, body, ctx, auth }) => {
    await changeRole(ctx.database.db, requireMember(auth, 'company:manage'), params.userId, body.role);
    return { success: true, message: COMPANY.roleChanged(body.role) };
  }),
  route({
    method: 'DELETE',
    url: '/company/members/:userId',
    summary: 'Remove a member; their sessions and message streams end at once',
    access: 'session',
    params: memberParams,
    response: { 200: messageResponse },
  }).handle(async ({ params, ctx, auth }) => {
    await removeMember(ctx.database.db, requireMember(auth, 'company:manage'), params.userId);
    return { success: true, message: COMPANY.memberRemoved };
  }),
  route({
    method: 'POST',
    url: '/company/transfer',
    summary: 'Hand the company over: the member named becomes an owner, the caller a manager',
    access: 'session',
    body: transferOwnershipSchema,
    response: { 200: messageResponse },
  }).handle(async ({ body, ctx, auth }) => {
    await transferOwnership(ctx.database.db, requireMember(auth, 'company:own'), body.userId);
    return { success: true, message: COMPANY.ownershipTransferred };
  }),
  route({
    method: 'PUT',
    url: '/company/security',
    summary: 'Require a second factor of every member, or stop requiring it (owners only)',
    access: 'session',
    body: companySecuritySchema,
    response: { 200: messageResponse },
  }).handle(async ({ body, ctx, auth }) => {
    const member = requireMember(auth, 'company:manage');
    if (member.member.role !== 'owner') throw new AppError('FORBIDDEN', COMPANY.securityOwnersOnly);
    await setRequireTwoFactor(ctx.database.db, member, body.requireTwoFactor);
    return { success: true, message: COMPANY.securitySaved(body.requireTwoFactor) };
  }),
];
