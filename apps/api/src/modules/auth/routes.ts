import { AUTH, authContracts, registrationSchema, TWO_FACTOR } from '@canopy/shared';
import { parse, type RouteDef, route } from '../../http/route-table.ts';
import { discardTemp } from '../../lib/uploads.ts';
import { presentLogin, presentSignedIn } from '../companies/index.ts';
import { readRegistrationForm } from './registration-form.ts';
import {
  login,
  registerAccount,
  resendVerificationLink,
  resetPassword,
  sendPasswordResetLink,
  verifyEmail,
} from './service.ts';
import { endSession } from './sessions.ts';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, verifyTwoFactor } from './two-factor.ts';

/**
 * SPEC §7 spells the forgot and reset calls both with and without /api; both are served, and each
 * pair shares one rate limit (the route table groups them by method and path).
 */
const underBothPaths = (absolute: boolean): [RouteDef, RouteDef] => [
  // Answers before doing anything that depends on the account, so the answer and its timing are
  // the same whether the address is registered or not (decision 063); the lookup and the mail
  // follow once the response has gone.
  route({
    ...authContracts.forgotPassword,
    absolute,
    access: 'public',
    rateLimitPerMinute: 10,
  }).handle(async ({ body, reply, ctx }) => {
    reply.raw.once('finish', () => {
      sendPasswordResetLink(ctx, body.email).catch((error) =>
        ctx.log.error({ err: error }, 'password reset mail failed'),
      );
    });
    return { success: true, message: AUTH.forgotSent };
  }),
  route({
    ...authContracts.resetPassword,
    absolute,
    access: 'public',
    rateLimitPerMinute: 20,
  }).handle(async ({ body, ctx }) => {
    await resetPassword(ctx, body.token, body.password);
    return { success: true, message: AUTH.resetSuccess };
  }),
];

const [forgotPassword, resetPasswordRoute] = underBothPaths(false);
const [forgotPasswordAlias, resetPasswordAlias] = underBothPaths(true);

export const authRoutes = [
  route({
    ...authContracts.register,
    access: 'public',
    rateLimitPerMinute: 20,
  }).handle(async ({ request, reply, ctx }) => {
    // A multipart body is parsed here, beside the file it carries, which is discarded either way.
    const { fields, document } = await readRegistrationForm(request);
    try {
      await registerAccount(ctx, parse(registrationSchema, fields), document);
    } finally {
      await discardTemp(document);
    }
    reply.status(201);
    return { success: true, requiresEmailVerification: true, message: AUTH.registered };
  }),
  route({
    ...authContracts.verifyEmail,
    access: 'public',
    rateLimitPerMinute: 30,
  }).handle(async ({ body, ctx }) => {
    const session = await verifyEmail(ctx, body.token);
    return {
      success: true,
      message: AUTH.emailVerified,
      data: { token: session.token, user: await presentLogin(ctx.database.db, session.user) },
    };
  }),
  route({
    ...authContracts.resendVerification,
    access: 'public',
    rateLimitPerMinute: 10,
  }).handle(async ({ body, ctx }) => {
    const attemptsLeft = await resendVerificationLink(ctx, body.email);
    return { success: true, message: AUTH.resendSent(attemptsLeft), attemptsLeft };
  }),
  route({
    ...authContracts.login,
    access: 'public',
    rateLimitPerMinute: 30,
  }).handle(async ({ body, request, ctx }) => {
    const session = await login(ctx, body.email, body.password, request.ip);
    return {
      success: true,
      data: { token: session.token, user: await presentLogin(ctx.database.db, session.user) },
    };
  }),
  route({
    ...authContracts.logout,
    access: 'session',
  }).handle(async ({ ctx, auth }) => {
    await endSession(ctx.database.db, auth.sessionId);
    return { success: true, message: AUTH.loggedOut };
  }),
  route({
    ...authContracts.me,
    access: 'session',
  }).handle(async ({ auth }) => ({ success: true, user: presentSignedIn(auth) })),
  route({
    ...authContracts.verifyTwoFactor,
    access: 'public',
    rateLimitPerMinute: 30,
  }).handle(async ({ body, request, ctx }) => {
    const session = await verifyTwoFactor(ctx, body.twoFactorToken, body.code, request.ip);
    return {
      success: true,
      data: { token: session.token, user: await presentLogin(ctx.database.db, session.user) },
    };
  }),
  route({
    ...authContracts.startTwoFactorSetup,
    access: 'session',
    rateLimitPerMinute: 10,
  }).handle(async ({ ctx, auth }) => ({ success: true, data: await startTwoFactorSetup(ctx, auth.login) })),
  route({
    ...authContracts.enableTwoFactor,
    access: 'session',
    rateLimitPerMinute: 10,
  }).handle(async ({ body, request, ctx, auth }) => {
    const recoveryCodes = await enableTwoFactor(ctx, auth.login.id, body.code, request.ip);
    return { success: true, message: TWO_FACTOR.enabled, data: { recoveryCodes } };
  }),
  route({
    ...authContracts.disableTwoFactor,
    access: 'session',
    rateLimitPerMinute: 10,
  }).handle(async ({ body, request, ctx, auth }) => {
    await disableTwoFactor(ctx, auth.login, body, request.ip);
    return { success: true, message: TWO_FACTOR.disabled };
  }),
  forgotPassword,
  forgotPasswordAlias,
  resetPasswordRoute,
  resetPasswordAlias,
];
