import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { verificationEmail } from './emails.ts';
import { issueUserToken } from './user-tokens.ts';

/** Issues a verification token and mails its link (at registration, on resend, on e-mail change). */
export async function sendVerificationLink(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'email' | 'contactName'>,
) {
  const token = await issueUserToken(ctx.database.db, user.id, 'verify_email');
  const link = `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(verificationEmail(user.email, user.contactName, link));
}
