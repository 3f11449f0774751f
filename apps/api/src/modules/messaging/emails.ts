import type { MessageNotificationKind } from '../../db/schema/index.ts';
import { renderEmailHtml } from '../../lib/email-html.ts';
import type { MailMessage } from '../../lib/mail.ts';

// The notification e-mail about unread messages. Plain text carries the link on a line of its
// own (as the account e-mails do); the HTML part is the same words in the same simple layout.

const PREVIEW_MAX = 500;

export interface MessageNotice {
  to: string;
  recipientName: string;
  kind: MessageNotificationKind;
  senderBusinessName: string;
  productName: string;
  /** The newest unread message a person wrote (deal notices are mailed on their own). */
  latestMessage: string;
  appUrl: string;
}

export function messageNotificationEmail(notice: MessageNotice): MailMessage {
  const sender = notice.senderBusinessName || 'A Canopy member';
  const product = notice.productName ? `"${notice.productName}"` : 'your conversation';
  const interest = notice.kind === 'listing_interest';
  const subject = interest
    ? `New inquiry about ${notice.productName || 'your listing'}`
    : `New message from ${sender}`;
  const intro = interest
    ? `${sender} is interested in your listing ${product} and sent you a message:`
    : `${sender} sent you a message about ${product}:`;
  const quote =
    notice.latestMessage.length > PREVIEW_MAX
      ? `${notice.latestMessage.slice(0, PREVIEW_MAX)}…`
      : notice.latestMessage;
  const link = `${notice.appUrl}/messages`;
  const settingName = interest ? 'Listing Interest' : 'New Messages';
  const footer = `You receive this e-mail because ${settingName} notifications are on. You can turn them off under Email Notifications in your profile: ${notice.appUrl}/profile`;
  const greeting = `Hello ${notice.recipientName || 'there'},`;

  const text = [greeting, intro, quote, `Read and reply on Canopy:\n${link}`, footer]
    .filter(Boolean)
    .join('\n\n');
  const html = renderEmailHtml({
    heading: subject,
    paragraphs: [greeting, intro],
    quote,
    action: { label: 'Open Messages', url: link },
    finePrint: footer,
  });
  return { to: notice.to, subject, text: `${text}\n`, html };
}
