import {
  AUTH,
  currentUserResponse,
  emailOnlySchema,
  emailVerifiedResponse,
  loginResponse,
  loginSchema,
  messageResponse,
  registeredResponse,
  registrationSchema,
  resetPasswordSchema,
  TWO_FACTOR,
  tokenSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorEnabledResponse,
  twoFactorSetupResponse,
  twoFactorVerifiedResponse,
  twoFactorVerifySchema,
  verificationResentResponse,
} from '@canopy/shared';
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
    method: 'POST',
    url: '/auth/forgot-password',
    absolute,
    summary: 'Ask for a password reset link (the same answer for any address)',
    access: 'public',
    rateLimitPerMinute: 10,
    body: emailOnlySchema,
    response: { 200: messageResponse },
  }).handle(async ({ body, reply, ctx }) => {
    reply.raw.once('finish', () => {
      sendPasswordResetLink(ctx, body.email).catch((error) =>
        ctx.log.error({ err: error }, 'password reset mail failed'),
      );
    });
    return { success: true, message: AUTH.forgotSent };
  }),
  route({
    method: 'POST',
    url: '/auth/reset-password',
    absolute,
    summary: 'Set a new password with the link from the reset mail',
    access: 'public',
    rateLimitPerMinute: 20,
    body: resetPasswordSchema,
    response: { 200: messageResponse },
  }).handle(async ({ body, ctx }) => {
    await resetPassword(ctx, body.token, body.password);
    return { success: true, message: AUTH.resetSuccess };
  }),
];

const [forgotPassword, resetPasswordRoute] = underBothPaths(false);
const [forgotPasswordAlias, resetPasswordAlias] = underBothPaths(true);

export const authRoutes = [
  route({
    method: 'POST',
    url: '/auth/register',
    summary: 'Sign up (multipart: the form fields and the license document)',
    access: 'public',
    rateLimitPerMinute: 20,
    multipart: {
      fields: registrationSchema,
      files: { licenseDocument: 'The license document: PDF, JPEG, PNG or WebP' },
    },
    response: { 201: registeredResponse },
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
    method: 'POST',
    url: '/auth/verify-email',
    summary: 'Confirm an address with the link from the verification mail; signs in',
    access: 'public',
    rateLimitPerMinute: 30,
    body: tokenSchema,
    response: { 200: emailVerifiedResponse },
  }).handle(async ({ body, ctx }) => {
    const session = await verifyEmail(ctx, body.token);
    return {
      success: true,
      message: AUTH.emailVerified,
      data: { token: session.token, user: await presentLogin(ctx.database.db, session.user) },
    };
  }),
  route({
    method: 'POST',
    url: '/auth/resend-verification',
    summary: 'Send the verification link again',
    access: 'public',
    rateLimitPerMinute: 10,
    body: emailOnlySchema,
    response: { 200: verificationResentResponse },
  }).handle(async ({ body, ctx }) => {
    const attemptsLeft = await resendVerificationLink(ctx, body.email);
    return { success: true, message: AUTH.resendSent(attemptsLeft), attemptsLeft };
  }),
  route({
    method: 'POST',
    url: '/auth/login',
    summary: 'Sign in; answers a bearer token',
    access: 'public',
    rateLimitPerMinute: 30,
    body: loginSchema,
    response: { 200: loginResponse },
  }).handle(async ({ body, request, ctx }) => {
    const session = await login(ctx, body.email, body.password, request.ip);
    return {
      success: true,
      data: { token: session.token, user: await presentLogin(ctx.database.db, session.user) },
    };
  }),
  route({
    method: 'POST',
    url: '/auth/logout',
    summary: 'End this session',
    access: 'session',
    response: { 200: messageResponse },
  }).handle(async ({ ctx, auth }) => {
    await endSession(ctx.database.db, auth.sessionId);
    return { success: true, message: AUTH.loggedOut };
  }),
  route({
    method: 'GET',
    url: '/auth/me',
    summary: 'The signed-in user',
    access: 'session',
    response: { 200: currentUserResponse },
  }).handle(async ({ auth }) => ({ success: true, user: presentSignedIn(auth) })),
  route({
    method: 'POST',
    url: '/auth/2fa/verify',
    summary: 'Finish a sign-in that asked for a second factor: the token it answered and a code',
    access: 'public',
    rateLimitPerMinute: 30,
    body: twoFactorVerifySchema,
    response: { 200: twoFactorVerifiedResponse },
  }).handle(async ({ body, request, ctx }) => {
    const session = await verifyTwoFactor(ctx, body.twoFactorToken, body.code, request.ip);
    return {
      success: true,
      data: { token: session.token, user: await presentLogin(ctx.database.db, session.user) },
    };
  }),
  route({
    method: 'POST',
    url: '/auth/2fa/setup',
    summary: 'Start two-factor set-up: a new authenticator key, shown once',
    access: 'session',
    rateLimitPerMinute: 10,
    response: { 200: twoFactorSetupResponse },
  }).handle(async ({ ctx, auth }) => ({ success: true, data: await startTwoFactorSetup(ctx, auth.login) })),
  route({
    method: 'POST',
    url: '/auth/2fa/enable',
    summary: "Turn two-factor sign-in on with the app's first code; answers the recovery codes",
    access: 'session',
    rateLimitPerMinute: 10,
    body: twoFactorCodeSchema,
    response: { 200: twoFactorEnabledResponse },
  }).handle(async ({ body, request, ctx, auth }) => {
    const recoveryCodes = await enableTwoFactor(ctx, auth.login.id, body.code, request.ip);
    return { success: true, message: TWO_FACTOR.enabled, data: { recoveryCodes } };
  }),
  route({
    method: 'POST',
    url: '/auth/2fa/disable',
    summary: 'Turn two-factor sign-in off (the password and a code)',
    access: 'session',
    rateLimitPerMinute: 10,
    body: twoFactorDisableSchema,
    response: { 200: messageResponse },
  }).handle(async ({ body, request, ctx, auth }) => {
    await disableTwoFactor(ctx, auth.login, body, request.ip);
    return { success: true, message: TWO_FACTOR.disabled };
  }),
  forgotPassword,
  forgotPasswordAlias,
  resetPasswordRoute,
  resetPasswordAlias,
];
