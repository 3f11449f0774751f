import type { MailMessage } from '../../lib/mail.ts';

// The account e-mails. Each has a plain-text part (which carries the link on a line of its own,
// as ARCHITECTURE §1 promises) and a simple HTML part.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(heading: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#166534;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px;color:#166534">${escapeHtml(heading)}</h1>${body}${button}<p style="font-size:12px;color:#6b7280;margin-top:32px">Canopy — the marketplace for licensed California cannabis operators.</p></body></html>`;
}

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
    html: layout('Verify your e-mail address', lines, { label: 'Verify e-mail address', url: link }),
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
    html: layout('Reset your password', lines, { label: 'Reset password', url: link }),
  };
}

export function accountStatusEmail(to: string, name: string, status: string, appUrl: string): MailMessage {
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
  return {
    to,
    subject:
      status === 'verified' ? 'Your Canopy account is approved' : 'Your Canopy account status has changed',
    text: `${lines.join('\n\n')}\n\n${appUrl}/login\n`,
    html: layout('Account update', lines, { label: 'Open Canopy', url: `${appUrl}/login` }),
  };
}
