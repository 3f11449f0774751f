import { renderEmailHtml } from '../../lib/email-html.ts';
import type { MailMessage } from '../../lib/mail.ts';

// The account e-mails. Each has a plain-text part (which carries the link on a line of its own,
// as ARCHITECTURE §1 promises) and a simple HTML part.

export function verificationEmail(to: string, name: string, link: string): MailMessage {
  const greeting = `Hello ${name || 'there'},`;
  const lines = [
    greeting,
    'Thanks for registering with Canopy. Please confirm your e-mail address to continue.',
    'Once your e-mail is confirmed, our team reviews your account and license, usually within 24-48 hours on business days.',
  ];
  return {
    to,
    subject: 'Verify your Canopy e-mail address',
    text: `${lines.join('\n\n')}\n\nVerify your e-mail address:\n${link}\n\nIf you did not register, you can ignore this message.\n`,
    html: renderEmailHtml({
      heading: 'Verify your e-mail address',
      paragraphs: lines,
      action: { label: 'Verify e-mail address', url: link },
    }),
  };
}

export function passwordResetEmail(to: string, name: string, link: string): MailMessage {
  const lines = [
    `Hello ${name || 'there'},`,
    'Someone asked to reset the password of your Canopy account. The link below works once and expires in 1 hour.',
    'If you did not ask for this, ignore this message: your password stays as it is.',
  ];
  return {
    to,
    subject: 'Reset your Canopy password',
    text: `${lines.join('\n\n')}\n\nReset your password:\n${link}\n`,
    html: renderEmailHtml({
      heading: 'Reset your password',
      paragraphs: lines,
      action: { label: 'Reset password', url: link },
    }),
  };
}

/** How an admin's reason reads in the e-mail that tells a trader about a decision. */
export const reasonLine = (reason: string) => `Reason given by the Canopy team: “${reason}”`;

export function accountStatusEmail(
  to: string,
  name: string,
  status: string,
  appUrl: string,
  reason: string | null = null,
): MailMessage {
  const sentences: Record<string, string> = {
    verified: 'Your Canopy account has been approved. You can now sign in and use the marketplace.',
    rejected:
      'We could not approve your Canopy account. If you believe this is a mistake, reply to this e-mail with your license details.',
    suspended: 'Your Canopy account has been suspended. Please contact support for assistance.',
  };
  const lines = [
    `Hello ${name || 'there'},`,
    sentences[status] ?? `Your Canopy account status is now ${status}.`,
  ];
  const quoted = reason ? `${reasonLine(reason)}\n\n` : '';
  return {
    to,
    subject:
      status === 'verified' ? 'Your Canopy account is approved' : 'Your Canopy account status has changed',
    text: `${lines.join('\n\n')}\n\n${quoted}${appUrl}/login\n`,
    html: renderEmailHtml({
      heading: 'Account update',
      paragraphs: lines,
      ...(reason ? { quote: reasonLine(reason) } : {}),
      action: { label: 'Open Canopy', url: `${appUrl}/login` },
    }),
  };
}
