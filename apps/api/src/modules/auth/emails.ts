import { renderEmailHtml } from '../../lib/email-html.ts';
import type { MailMessage } from '../../lib/mail.ts';

// The account e-mails. Each has a plain-text part (which carries the link on a line of its own,
// as ARCHITECTURE §1 promises) and a simple HTML part.

// Mail to an address nobody has proven yet carries no text a user typed (decision 062): otherwise
// anyone could make Canopy deliver their words (a name such as "call this number") to any
// address. So the verification and confirmation mails greet nobody by name, and the reset mail
// only uses the name once the account's address was verified.

export function verificationEmail(to: string, link: string): MailMessage {
  const lines = [
    'Hello,',
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

/** Sent to a requested new sign-in address; opening the link makes it the sign-in address. */
export function emailChangeConfirmationEmail(to: string, link: string): MailMessage {
  const lines = [
    'Hello,',
    'Someone asked to make this address the sign-in e-mail of a Canopy account. The change happens only when the link below is opened; it works once and expires in 24 hours.',
    'If you did not ask for this, ignore this message: nothing changes and this address is not used.',
  ];
  return {
    to,
    subject: 'Confirm your new Canopy sign-in address',
    text: `${lines.join('\n\n')}\n\nConfirm this address:\n${link}\n`,
    html: renderEmailHtml({
      heading: 'Confirm your new sign-in address',
      paragraphs: lines,
      action: { label: 'Confirm this address', url: link },
    }),
  };
}

/**
 * Sent to the current address when a change is requested. It needs no action and carries no
 * link (one would train people to click links in mail they did not expect): until the new address
 * is confirmed, sign-in stays here. The new address is named only when this address was
 * verified, so the notice never carries typed text to an unproven mailbox.
 */
export function emailChangeNoticeEmail(to: string, newAddress: string | null): MailMessage {
  const lines = [
    'Hello,',
    newAddress
      ? `A change of your Canopy sign-in e-mail to ${newAddress} was requested. Your sign-in address stays this one until the new address is confirmed from its own mailbox.`
      : 'A change of your Canopy sign-in e-mail was requested. Your sign-in address stays this one until the new address is confirmed from its own mailbox.',
    'If this was not you, sign in and change your password: that cancels the request and signs out every other device. Otherwise there is nothing to do.',
  ];
  return {
    to,
    subject: 'Your Canopy sign-in e-mail is being changed',
    text: `${lines.join('\n\n')}\n`,
    html: renderEmailHtml({ heading: 'Sign-in e-mail change requested', paragraphs: lines }),
  };
}

export function passwordResetEmail(to: string, verifiedName: string | null, link: string): MailMessage {
  const lines = [
    `Hello ${verifiedName || 'there'},`,
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
