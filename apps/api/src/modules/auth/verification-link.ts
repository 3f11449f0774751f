import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { verificationEmail } from './emails.ts';
import { issueUserToken } from './user-tokens.ts';

/** Issues a verification token bound to the account's address and mails its link there. */
export async function sendVerificationLink(ctx: AppContext, user: Pick<UserRow, 'id' | 'email'>) {
  const token = await issueUserToken(ctx.database.db, user.id, user.email, 'verify_email');
  const link = `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(verificationEmail(user.email, link));
}
