import { renderEmailHtml } from '../../lib/email-html.ts';
import type { MailMessage } from '../../lib/mail.ts';

// What a seller is told when Canopy acts on one of their listings. Each e-mail quotes the admin's
// reason as given, so the seller reads the same words the audit trail keeps.

export interface ModerationMailInput {
  to: string;
  name: string;
  title: string;
  reason: string;
  appUrl: string;
}

function moderationEmail(
  input: ModerationMailInput,
  subject: string,
  heading: string,
  sentence: string,
  nextStep: string,
): MailMessage {
  const dashboard = `${input.appUrl}/seller`;
  const lines = [`Hello ${input.name || 'there'},`, sentence];
  const quoted = `Reason: ${input.reason}`;
  return {
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\n${quoted}\n\n${nextStep}\n\n${dashboard}\n`,
    html: renderEmailHtml({
      heading,
      paragraphs: [...lines],
      quote: quoted,
      action: { label: 'Open your Seller Dashboard', url: dashboard },
      finePrint: nextStep,
    }),
  };
}

export const listingHiddenEmail = (input: ModerationMailInput) =>
  moderationEmail(
    input,
    `Your listing "${input.title}" was hidden by Canopy`,
    'Listing hidden',
    `Your listing "${input.title}" was hidden by Canopy: buyers no longer see it in the catalog.`,
    'Only Canopy can make it public again. Correct the listing if needed, then use "Request review" on your Seller Dashboard to reply.',
  );

export const listingRemovedEmail = (input: ModerationMailInput) =>
  moderationEmail(
    input,
    `Your listing "${input.title}" was removed by Canopy`,
    'Listing removed',
    `Your listing "${input.title}" was removed by Canopy, with its photos, videos and lab results.`,
    'Your conversations with buyers stay in Messages. Reply to this e-mail if you believe this is a mistake.',
  );

export const listingRestoredEmail = (input: ModerationMailInput) =>
  moderationEmail(
    input,
    `Your listing "${input.title}" is public again`,
    'Listing restored',
    `Canopy restored your listing "${input.title}": buyers can see it in the catalog again.`,
    'You can edit or archive it from your Seller Dashboard as before.',
  );

export const listingKeptHiddenEmail = (input: ModerationMailInput) =>
  moderationEmail(
    input,
    `Your listing "${input.title}" stays hidden`,
    'Review answered',
    `Canopy reviewed your request about "${input.title}" and kept the listing hidden.`,
    'You can correct the listing and request another review from your Seller Dashboard.',
  );
