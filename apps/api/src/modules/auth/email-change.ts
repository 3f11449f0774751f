import { ACCOUNT_SECURITY, AUTH, EMAIL_CHANGES_PER_DAY, VALIDATION } from '@canopy/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { emailChangeConfirmationEmail, emailChangeNoticeEmail } from './emails.ts';
import { createSession, endUserSessions } from './sessions.ts';
import {
  ALL_TOKEN_PURPOSES,
  type ConsumedToken,
  countTokensIssuedSince,
  issueUserToken,
  retireUserTokens,
} from './user-tokens.ts';

// A new sign-in address is held as pending until the link mailed to it is opened (decision 060):
// nobody can claim an address they cannot read, and sign-in stays on the proven address until then.

const DAY_MS = 24 * 60 * 60_000;

/** Checks the password that must come with an e-mail change; argon2 runs outside any transaction. */
export async function checkPasswordForEmailChange(user: UserRow, currentPassword: string | undefined) {
  if (!currentPassword) throw badRequest(VALIDATION.currentPasswordRequired);
  if (!(await verifyPassword(user.passwordHash, currentPassword)))
    throw badRequest(AUTH.currentPasswordWrong);
}

async function assertAddressFree(tx: Db, userId: string, email: string) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  if (taken) throw conflict(AUTH.emailTaken);
}

export interface EmailChangeMail {
  confirmTo: string;
  token: string;
  noticeTo: string;
  /** Named in the notice only when the current address was verified (decision 062). */
  newAddressInNotice: string | null;
}

/**
 * Inside the caller's transaction: holds the new address as pending, retires every mailed link
 * of the account and issues the confirmation link. The account row is locked first, so two
 * requests at once cannot both pass the daily limit.
 */
export async function requestEmailChange(tx: Db, user: UserRow, newEmail: string): Promise<EmailChangeMail> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  await assertAddressFree(tx, user.id, newEmail);
  const recent = await countTokensIssuedSince(tx, user.id, 'change_email', new Date(Date.now() - DAY_MS));
  if (recent >= EMAIL_CHANGES_PER_DAY) throw new AppError('RATE_LIMITED', ACCOUNT_SECURITY.emailChangeLimit);
  await retireUserTokens(tx, user.id, ALL_TOKEN_PURPOSES);
  await tx.update(users).set({ pendingEmail: newEmail, updatedAt: new Date() }).where(eq(users.id, user.id));
  const token = await issueUserToken(tx, user.id, newEmail, 'change_email');
  return {
    confirmTo: newEmail,
    token,
    noticeTo: user.email,
    newAddressInNotice: user.emailVerified ? newEmail : null,
  };
}

/** After the transaction committed: the link to the new address, the notice to the current one. */
export async function sendEmailChangeMail(ctx: AppContext, mail: EmailChangeMail): Promise<void> {
  const link = `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(mail.token)}`;
  await ctx.mailer.send(emailChangeConfirmationEmail(mail.confirmTo, link));
  await ctx.mailer.send(emailChangeNoticeEmail(mail.noticeTo, mail.newAddressInNotice));
}

/**
 * Opening the confirmation link: the pending address becomes the sign-in address, verified. Every
 * other mailed link dies and every session ends (whoever held one signed in under the old
 * address); the browser that opened the link gets a new session, as verification gives.
 */
export async function confirmEmailChange(tx: Db, consumed: ConsumedToken) {
  await assertAddressFree(tx, consumed.userId, consumed.email);
  const [user] = await tx
    .update(users)
    .set({
      email: consumed.email,
      pendingEmail: null,
      emailVerified: true,
      lastLogin: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, consumed.userId), eq(users.pendingEmail, consumed.email)))
    .returning();
  if (!user) throw badRequest(AUTH.verifyInvalid);
  await retireUserTokens(tx, user.id, ALL_TOKEN_PURPOSES);
  await endUserSessions(tx, user.id);
  return { token: await createSession(tx, user.id), user };
}

/** A password change or reset cancels a pending address and every mailed link (decision 061). */
export async function forgetMailedLinks(tx: Db, userId: string): Promise<void> {
  await retireUserTokens(tx, userId, ALL_TOKEN_PURPOSES);
  await tx.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
}
