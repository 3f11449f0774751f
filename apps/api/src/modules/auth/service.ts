import {
  ACCOUNT_SECURITY,
  AUTH,
  INPUT_TEXTS,
  RESET_MAILS_PER_HOUR,
  type Registration,
  VALIDATION,
  VERIFICATION_RESEND_LIMIT,
} from '@canopy/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { stripDocumentMetadata } from '../../lib/media/documents.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { sniffType, type TempUpload } from '../../lib/uploads.ts';
import { findUserByEmail } from '../accounts/index.ts';
import { recordSystemAction } from '../audit/index.ts';
import { assertBelongsToACompany, foundCompany } from '../companies/index.ts';
import { assertLicenseNumberFree } from '../licenses/index.ts';
import { confirmEmailChange, forgetMailedLinks } from './email-change.ts';
import { passwordResetEmail } from './emails.ts';
import { clearFailures, recordFailure, secondsToWait } from './login-throttle.ts';
import { createSession, endUserSessions } from './sessions.ts';
import { isTwoFactorOn, twoFactorChallengeFor } from './two-factor.ts';
import {
  consumeUserToken,
  countTokensIssuedSince,
  findUserToken,
  issueUserToken,
  retireUserTokens,
} from './user-tokens.ts';
import { sendVerificationLink } from './verification-link.ts';

const DOCUMENT_TYPES: Record<string, string> = { pdf: 'pdf', png: 'png', jpg: 'jpg' };
const LICENSE_DOCUMENT_TEXTS = {
  unreadable: INPUT_TEXTS.licenseDocumentUnreadable,
  encrypted: INPUT_TEXTS.licenseDocumentEncrypted,
};

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
  // Admins open the document: it is stored without the uploader's metadata (decision 066).
  const clean = await stripDocumentMetadata(document, { ext, mime: type.mime }, LICENSE_DOCUMENT_TEXTS);

  const userId = uuidv7();
  const documentKey = `license-documents/${userId}/${clean.sha256}.${ext}`;
  const passwordHash = await hashPassword(form.password);
  await ctx.privateFiles.putFile(documentKey, clean.path, type.mime);
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
      await foundCompany(tx, userId);
    });
  } catch (error) {
    await ctx.privateFiles.delete(documentKey);
    if (isUniqueViolation(error)) throw conflict(AUTH.emailTaken);
    throw error;
  }
  await sendVerificationLink(ctx, { id: userId, email: form.email });
}

/**
 * Opens a mailed link: a verification link marks the address it was sent to verified, if that is
 * still the account's address, and retires the account's other verification links; a
 * confirmation link makes the pending address the sign-in address. Either starts a session, as
 * SPEC §4 says verification does.
 */
export async function verifyEmail(ctx: AppContext, token: string) {
  const { db } = ctx.database;
  return db.transaction(async (tx) => {
    const change = await consumeUserToken(tx, token, 'change_email');
    if (change) return confirmEmailChange(tx, change);
    const consumed = await consumeUserToken(tx, token, 'verify_email');
    if (!consumed) throw await unusableVerificationLink(tx, token);
    const [user] = await tx
      .update(users)
      .set({ emailVerified: true, lastLogin: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, consumed.userId), eq(users.email, consumed.email)))
      .returning();
    if (!user) throw badRequest(AUTH.verifyInvalid);
    await retireUserTokens(tx, user.id, ['verify_email']);
    return { token: await createSession(tx, user.id), user };
  });
}

/**
 * Why a verification link no longer works. Opened again once its address is verified, it says so
 * (and starts no session: only the first use does); anything else, including a link to an address
 * the account has since left, is just invalid. Only the holder of the mailed link learns this
 * (decision 131).
 */
async function unusableVerificationLink(db: Db, token: string): Promise<AppError> {
  const link = await findUserToken(db, token, 'verify_email');
  if (link) {
    const [verified] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, link.userId), eq(users.email, link.email), eq(users.emailVerified, true)));
    if (verified) return badRequest(AUTH.verifyAlreadyDone, { alreadyVerified: true });
  }
  return badRequest(AUTH.verifyInvalid);
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

/**
 * Signs in. An address that keeps failing on an account is slowed down before its password is
 * even checked (decision 063); other addresses, the owner's among them, are not.
 */
export async function login(ctx: AppContext, email: string, password: string, address: string) {
  const { db } = ctx.database;
  const wait = await secondsToWait(db, email, address);
  if (wait > 0)
    throw new AppError('RATE_LIMITED', ACCOUNT_SECURITY.signInWait(wait), {
      code: 'sign_in_slowed',
      retryAfter: wait,
    });
  const user = await findUserByEmail(db, email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDummy(password);
  if (!user || !passwordOk) {
    await db.transaction(async (tx) => {
      const count = await recordFailure(tx, email, address);
      if (user && (count.startsSlowDown || count.startsAccountAttack)) {
        await recordSystemAction(tx, {
          action: 'user.sign_in_slowed',
          targetType: 'user',
          targetId: user.id,
          targetLabel: user.email,
          before: { signIn: 'open' },
          after: {
            signIn: 'slowed',
            scope: count.startsAccountAttack ? 'account' : 'address',
            address,
            failuresFromAddress: count.pairFailures,
            failuresOnAccount: count.accountFailures,
            waitSeconds: count.waitSeconds,
          },
        });
      }
    });
    throw new AppError('UNAUTHENTICATED', AUTH.invalidCredentials);
  }
  await clearFailures(db, email, address);
  if (!user.emailVerified) {
    const resendAttemptsLeft = Math.max(0, VERIFICATION_RESEND_LIMIT - user.verificationResends);
    throw new AppError('FORBIDDEN', AUTH.verifyEmailFirst(resendAttemptsLeft), {
      code: 'email_unverified',
      requiresEmailVerification: true,
      canResendVerification: resendAttemptsLeft > 0,
      resendAttemptsLeft,
    });
  }
  await assertBelongsToACompany(db, user);
  if (isTwoFactorOn(user)) throw await twoFactorChallengeFor(db, user.id);
  return db.transaction(async (tx) => {
    const [signedIn] = await tx
      .update(users)
      .set({ lastLogin: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return { token: await createSession(tx, user.id), user: signedIn ?? user };
  });
}

const HOUR_MS = 60 * 60_000;

/**
 * Mails a single-use reset link when the account exists and its address has had fewer than
 * RESET_MAILS_PER_HOUR in the last hour. The route calls this only after it has answered, so
 * neither the answer nor its timing depends on whether the account exists (decision 063).
 */
export async function sendPasswordResetLink(ctx: AppContext, email: string): Promise<void> {
  const issued = await ctx.database.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for('update');
    if (!user) return false;
    const recent = await countTokensIssuedSince(
      tx,
      user.id,
      'reset_password',
      new Date(Date.now() - HOUR_MS),
    );
    if (recent >= RESET_MAILS_PER_HOUR) return false;
    const token = await issueUserToken(tx, user.id, user.email, 'reset_password');
    const link = `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // The link and its mail commit together: no link without its mail, no mail for a lost link.
    await ctx.mailer.enqueue(
      tx,
      passwordResetEmail(user.email, user.emailVerified ? user.contactName : null, link),
    );
    return true;
  });
  if (issued) ctx.mailer.kick();
}

/**
 * Sets the new password, retires every mailed link (and a pending e-mail change) and ends every
 * session of the user.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.database.db.transaction(async (tx) => {
    const consumed = await consumeUserToken(tx, token, 'reset_password');
    if (!consumed) throw badRequest(AUTH.resetExpired);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, consumed.userId), eq(users.email, consumed.email)))
      .returning({ id: users.id });
    if (!user) throw badRequest(AUTH.resetExpired);
    await forgetMailedLinks(tx, user.id);
    await endUserSessions(tx, user.id);
  });
}
