// The HTML part of every e-mail Canopy sends: one simple, inline-styled layout (mail clients
// ignore style sheets), so account and message e-mails look alike.

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const paragraph = (text: string, style = 'margin:0 0 16px') =>
  `<p style="${style}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

export interface EmailContent {
  heading: string;
  paragraphs: string[];
  /** A quoted passage (a message's text), set apart from the prose. */
  quote?: string;
  /** Linked items (listings), each with a line of detail under its link. */
  links?: { label: string; url: string; detail?: string }[];
  action?: { label: string; url: string };
  /** Small print at the bottom; defaults to Canopy's one-line description. */
  finePrint?: string;
}

const DEFAULT_FINE_PRINT = 'Canopy — the marketplace for licensed California cannabis operators.';

const linkList = (links: NonNullable<EmailContent['links']>) =>
  links.length === 0
    ? ''
    : `<ul style="margin:0 0 16px;padding-left:20px">${links
        .map(
          (link) =>
            `<li style="margin:0 0 10px"><a href="${escapeHtml(link.url)}" style="color:#166534;font-weight:600">${escapeHtml(link.label)}</a>${link.detail ? `<br><span style="font-size:14px;color:#374151">${escapeHtml(link.detail)}</span>` : ''}</li>`,
        )
        .join('')}</ul>`;

export function renderEmailHtml({
  heading,
  paragraphs,
  quote,
  links,
  action,
  finePrint,
}: EmailContent): string {
  const body = paragraphs.map((text) => paragraph(text)).join('') + linkList(links ?? []);
  const quoted = quote
    ? paragraph(quote, 'margin:0 0 16px;padding:12px 16px;border-left:4px solid #166534;background:#f0fdf4')
    : '';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#166534;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  const small = paragraph(finePrint ?? DEFAULT_FINE_PRINT, 'font-size:12px;color:#6b7280;margin-top:32px');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px;color:#166534">${escapeHtml(heading)}</h1>${body}${quoted}${button}${small}</body></html>`;
}
