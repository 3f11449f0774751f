import {
  AUTH,
  emailOnlySchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
  tokenSchema,
} from '@canopy/shared';
import { defineRoutes, type HandlerArgs, parse } from '../../http/route-table.ts';
import { discardTemp } from '../../lib/uploads.ts';
import { presentUser } from '../accounts/index.ts';
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

/**
 * Answers before doing anything that depends on the account, so the answer and its timing are
 * the same whether the address is registered or not (decision 063); the lookup and the mail
 * follow once the response has gone.
 */
async function forgotPassword({ request, reply, ctx }: HandlerArgs) {
  const { email } = parse(emailOnlySchema, request.body);
  reply.raw.once('finish', () => {
    sendPasswordResetLink(ctx, email).catch((error) =>
      ctx.log.error({ err: error }, 'password reset mail failed'),
    );
  });
  return { success: true, message: AUTH.forgotSent };
}

async function resetPasswordHandler({ request, ctx }: HandlerArgs) {
  const { token, password } = parse(resetPasswordSchema, request.body);
  await resetPassword(ctx, token, password);
  return { success: true, message: AUTH.resetSuccess };
}

export const authRoutes = defineRoutes([
  {
    method: 'POST',
    url: '/auth/register',
    access: 'public',
    rateLimitPerMinute: 20,
    handler: async ({ request, reply, ctx }) => {
      const { fields, document } = await readRegistrationForm(request);
      try {
        const form = parse(registrationSchema, fields);
        await registerAccount(ctx, form, document);
      } finally {
        await discardTemp(document);
      }
      reply.status(201);
      return { success: true, requiresEmailVerification: true, message: AUTH.registered };
    },
  },
  {
    method: 'POST',
    url: '/auth/verify-email',
    access: 'public',
    rateLimitPerMinute: 30,
    handler: async ({ request, ctx }) => {
      const { token } = parse(tokenSchema, request.body);
      const session = await verifyEmail(ctx, token);
      return {
        success: true,
        message: AUTH.emailVerified,
        data: { token: session.token, user: presentUser(session.user) },
      };
    },
  },
  {
    method: 'POST',
    url: '/auth/resend-verification',
    access: 'public',
    rateLimitPerMinute: 10,
    handler: async ({ request, ctx }) => {
      const { email } = parse(emailOnlySchema, request.body);
      const attemptsLeft = await resendVerificationLink(ctx, email);
      return { success: true, message: AUTH.resendSent(attemptsLeft), attemptsLeft };
    },
  },
  {
    method: 'POST',
    url: '/auth/login',
    access: 'public',
    rateLimitPerMinute: 30,
    handler: async ({ request, ctx }) => {
      const { email, password } = parse(loginSchema, request.body);
      const session = await login(ctx, email, password, request.ip);
      return { success: true, data: { token: session.token, user: presentUser(session.user) } };
    },
  },
  {
    method: 'POST',
    url: '/auth/logout',
    access: 'session',
    handler: async ({ ctx, auth }) => {
      await endSession(ctx.database.db, auth.sessionId);
      return { success: true, message: AUTH.loggedOut };
    },
  },
  {
    method: 'GET',
    url: '/auth/me',
    access: 'session',
    handler: async ({ auth }) => ({ success: true, user: presentUser(auth.user) }),
  },
  // SPEC §7 spells the forgot and reset calls both with and without /api; both are served, and
  // each pair shares one rate limit (the route table groups them by method and path).
  {
    method: 'POST',
    url: '/auth/forgot-password',
    access: 'public',
    rateLimitPerMinute: 10,
    handler: forgotPassword,
  },
  {
    method: 'POST',
    url: '/auth/forgot-password',
    absolute: true,
    access: 'public',
    rateLimitPerMinute: 10,
    handler: forgotPassword,
  },
  {
    method: 'POST',
    url: '/auth/reset-password',
    access: 'public',
    rateLimitPerMinute: 20,
    handler: resetPasswordHandler,
  },
  {
    method: 'POST',
    url: '/auth/reset-password',
    absolute: true,
    access: 'public',
    rateLimitPerMinute: 20,
    handler: resetPasswordHandler,
  },
]);
