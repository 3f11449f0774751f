import { type CompanyRole, ROLE_LABELS } from '@canopy/shared';
import { renderEmailHtml } from '../../lib/email-html.ts';
import type { MailMessage } from '../../lib/mail.ts';

/**
 * The invitation to join a company. It goes to an address nobody has proven, so it carries no text
 * the inviter typed (decision 062): the business name is one an admin approved (only a verified
 * company invites), and the inviter is not named.
 */
export function invitationEmail(to: string, company: string, role: CompanyRole, link: string): MailMessage {
  const lines = [
    'Hello,',
    `${company} invites you to join its team on Canopy as ${ROLE_LABELS[role]}.`,
    'The link works once, for this address only, and expires in 7 days.',
  ];
  return {
    to,
    subject: `Join ${company} on Canopy`,
    text: `${lines.join('\n\n')}\n\nAccept the invitation:\n${link}\n\nIf you did not expect this, you can ignore this message.\n`,
    html: renderEmailHtml({
      heading: `Join ${company} on Canopy`,
      paragraphs: lines,
      action: { label: 'Accept the invitation', url: link },
    }),
  };
}
