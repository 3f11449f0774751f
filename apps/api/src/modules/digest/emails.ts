import { DISPLAY_TIME_ZONE, WEEKLY_DIGEST } from '@canopy/shared';
import { renderEmailHtml } from '../../lib/email-html.ts';
import type { MailMessage } from '../../lib/mail.ts';

// The weekly digest e-mail. The plain-text part carries every link on a line of its own; the HTML
// part says the same in the shared layout.

export interface DigestLot {
  id: string;
  title: string;
  productType: string;
  priceRange: string;
  sellerBusinessName: string;
}

export interface DigestConversation {
  businessName: string;
  listingTitle: string;
  lastMessageAt: Date;
}

export interface DigestContent {
  newLots: DigestLot[];
  unanswered: DigestConversation[];
}

const day = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

export function weeklyDigestEmail(input: {
  to: string;
  name: string;
  appUrl: string;
  content: DigestContent;
}): MailMessage {
  const { appUrl, content } = input;
  const greeting = `Hello ${input.name || 'there'},`;
  const intro = 'Here is your week on Canopy.';
  const lots = content.newLots.map(
    (lot) =>
      `- ${lot.title} (${lot.productType}), ${lot.priceRange}, from ${lot.sellerBusinessName || 'a verified seller'}\n  ${appUrl}/products/${lot.id}`,
  );
  const waiting = content.unanswered.map(
    (conversation) =>
      `- ${conversation.businessName || 'A Canopy member'}${conversation.listingTitle ? ` about "${conversation.listingTitle}"` : ''}, waiting since ${day.format(conversation.lastMessageAt)}`,
  );
  const sections = [
    lots.length > 0 ? `${WEEKLY_DIGEST.newLotsHeading}:\n${lots.join('\n')}` : '',
    waiting.length > 0
      ? `${WEEKLY_DIGEST.unansweredHeading}:\n${waiting.join('\n')}\n  ${appUrl}/messages`
      : '',
  ].filter(Boolean);
  const footer = WEEKLY_DIGEST.footer(appUrl);
  const text = [greeting, intro, ...sections, footer].join('\n\n');
  const action =
    waiting.length > 0
      ? { label: 'Open Messages', url: `${appUrl}/messages` }
      : { label: 'Browse Products', url: `${appUrl}/products` };
  const html = renderEmailHtml({
    heading: WEEKLY_DIGEST.subject,
    paragraphs: [greeting, intro, ...sections],
    action,
    finePrint: footer,
  });
  return { to: input.to, subject: WEEKLY_DIGEST.subject, text: `${text}\n`, html };
}
