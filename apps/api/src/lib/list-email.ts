import { renderEmailHtml } from './email-html.ts';
import type { MailMessage } from './mail.ts';

// An alert that lists what is new (saved-search matches, wanted posts): a greeting, a line on why,
// the items, how many more there are, where to see them all, and why the reader gets this e-mail.
// Plain text and HTML carry the same words.

export interface ListedItem {
  label: string;
  url: string;
  detail: string;
}

export interface ListEmail {
  to: string;
  subject: string;
  greeting: string;
  intro: string;
  items: readonly ListedItem[];
  /** Whether the plain text gives each item's own address under it. */
  itemUrls: boolean;
  /** "…and 3 more", or '' when every item is listed. */
  moreLine: string;
  /** Where the "more" line leads in the HTML; null leaves it out there. */
  moreUrl: string | null;
  /** The main action: its button, and its line in the plain text. */
  see: { label: string; text: string; url: string };
  /** Further "what:\naddress" paragraphs of the plain text. */
  alsoText?: readonly string[];
  footer: string;
}

export function listEmail(mail: ListEmail): MailMessage {
  const lines = mail.items.map(
    (item) => `- ${item.label} (${item.detail})${mail.itemUrls ? `\n  ${item.url}` : ''}`,
  );
  const text = [
    mail.greeting,
    mail.intro,
    lines.join('\n'),
    mail.moreLine,
    `${mail.see.text}:\n${mail.see.url}`,
    ...(mail.alsoText ?? []),
    mail.footer,
  ]
    .filter(Boolean)
    .join('\n\n');
  const html = renderEmailHtml({
    heading: mail.subject,
    paragraphs: [mail.greeting, mail.intro],
    links:
      mail.moreLine && mail.moreUrl
        ? [...mail.items, { label: mail.moreLine, url: mail.moreUrl }]
        : [...mail.items],
    action: { label: mail.see.label, url: mail.see.url },
    finePrint: mail.footer,
  });
  return { to: mail.to, subject: mail.subject, text: `${text}\n`, html };
}
