import { AUTH, type Registration, VALIDATION, VERIFICATION_RESEND_LIMIT } from '@canopy/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { sniffType, type TempUpload } from '../../lib/uploads.ts';
import { findUserByEmail } from '../accounts/service.ts';
import { assertLicenseNumberFree } from '../licenses/verdict.ts';
import { passwordResetEmail } from './emails.ts';
import { clearFailures, isThrottled, recordFailure } from './login-throttle.ts';
import { createSession, endUserSessions } from './sessions.ts';
import { consumeUserToken, issueUserToken, retireUserTokens } from './user-tokens.ts';
import { sendVerificationLink } from './verification-link.ts';

const DOCUMENT_TYPES: Record<string, string> = { pdf: 'pdf', png: 'png', jpg: 'jpg' };

/**
 * Creates a pending account from a validated registration. The document is checked by its bytes
 * before anything is stored; the user row is written in one transaction that holds the license
 * number's lock (decision 080), and the stored document is removed again if that write fails, so a
 * refused registration leaves nothing behind.
 */
export async function registerAccount(ctx: AppContext, form: Registration, document: TempUpload | null) {
  const { db } = ctx.database;
  if (!document || document.size === 0) throw badRequest(VALIDATION.licenseDocumentRequired);
  if (document.truncated) throw new AppError('PAYLOAD_TOO_LARGE', VALIDATION.licenseDocumentTooLarge);
  const type = await sniffType(document.path);
  const ext = type ? DOCUMENT_TYPES[type.ext] : undefined;
  if (!type || !ext) throw new AppError('UNSUPPORTED_MEDIA_TYPE', VALIDATION.licenseDocumentType);
  if (await findUserByEmail(db, form.email)) throw conflict(AUTH.emailTaken);
  await assertLicenseNumberFree(db, form.licenseNumber);

  const userId = uuidv7();
  const documentKey = `license-documents/${userId}/${document.sha256}.${ext}`;
  const passwordHash = await hashPassword(form.password);
  await ctx.privateFiles.putFile(documentKey, document.path, type.mime);
  try {
    await db.transaction(async (tx) => {
      // Checked again under the number's lock: another registration may have taken it meanwhile.
      await assertLicenseNumberFree(tx, form.licenseNumber);
      await tx.insert(users).values({
        id: userId,
        email: form.email,
        passwordHash,
        role: form.role,
        status: 'pending',
        businessName: form.businessName,
        contactName: form.contactName,
        phone: form.phone,
        licenseNumber: form.licenseNumber,
        licenseType: form.licenseType,
        licenseDocumentKey: documentKey,
        licenseDocumentType: type.mime,
        street: form.address.street,
        city: form.address.city,
        county: form.address.county,
        state: form.address.state,
        zipCode: form.address.zipCode,
      });
    });
  } catch (error) {
    await ctx.privateFiles.delete(documentKey);
    if (isUniqueViolation(error)) throw conflict(AUTH.emailTaken);
    throw error;
  }
  await sendVerificationLink(ctx, { id: userId, email: form.email, contactName: form.contactName });
}

/** Marks the e-mail verified and starts a session, as SPEC §4 says verification does. */
export async function verifyEmail(ctx: AppContext, token: string) {
  const { db } = ctx.database;
  return db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, token, 'verify_email');
    if (!userId) throw badRequest(AUTH.verifyInvalid);
    const [user] = await tx
      .update(users)
      .set({ emailVerified: true, lastLogin: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw badRequest(AUTH.verifyInvalid);
    return { token: await createSession(tx, user.id), user };
  });
}

/** Sends a fresh verification link while attempts remain; the count is taken atomically. */
export async function resendVerificationLink(ctx: AppContext, email: string): Promise<number> {
  const { db } = ctx.database;
  const [counted] = await db
    .update(users)
    .set({ verificationResends: sql`${users.verificationResends} + 1` })
    .where(
      and(
        eq(users.email, email),
        eq(users.emailVerified, false),
        lt(users.verificationResends, VERIFICATION_RESEND_LIMIT),
      ),
    )
    .returning();
  if (!counted) {
    const user = await findUserByEmail(db, email);
    if (!user || user.emailVerified) throw badRequest(AUTH.noUnverifiedAccount);
    throw new AppError('RATE_LIMITED', AUTH.resendLimit, { attemptsLeft: 0 });
  }
  await sendVerificationLink(ctx, counted);
  return VERIFICATION_RESEND_LIMIT - counted.verificationResends;
}

export async function login(ctx: AppContext, email: string, password: string) {
  const { db } = ctx.database;
  if (await isThrottled(db, email)) throw new AppError('RATE_LIMITED', AUTH.tooManyAttempts);
  const user = await findUserByEmail(db, email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDummy(password);
  if (!user || !passwordOk) {
    await recordFailure(db, email);
    throw new AppError('UNAUTHENTICATED', AUTH.invalidCredentials);
  }
  await clearFailures(db, email);
  if (!user.emailVerified) {
    const resendAttemptsLeft = Math.max(0, VERIFICATION_RESEND_LIMIT - user.verificationResends);
    throw new AppError('FORBIDDEN', AUTH.verifyEmailFirst(resendAttemptsLeft), {
      requiresEmailVerification: true,
      canResendVerification: resendAttemptsLeft > 0,
      resendAttemptsLeft,
    });
  }
  return db.transaction(async (tx) => {
    const [signedIn] = await tx
      .update(users)
      .set({ lastLogin: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return { token: await createSession(tx, user.id), user: signedIn ?? user };
  });
}

/**
 * Mails a single-use reset link when the account exists. The caller answers the same either way,
 * and the mail is sent without waiting so the response time does not tell either.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.database.db, email);
  if (!user) return;
  const token = await issueUserToken(ctx.database.db, user.id, 'reset_password');
  const link = `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  ctx.mailer
    .send(passwordResetEmail(user.email, user.contactName, link))
    .catch((error) => ctx.log.error({ err: error }, 'password reset mail failed'));
}

/** Sets the new password, retires every other reset link and ends every session of the user. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.database.db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, token, 'reset_password');
    if (!userId) throw badRequest(AUTH.resetExpired);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await retireUserTokens(tx, userId, 'reset_password');
    await endUserSessions(tx, userId);
  });
}
