import { formatUsd, INVOICES } from '@canopy/shared';
import { renderEmailHtml } from '../../lib/email-html.ts';
import type { MailMessage } from '../../lib/mail.ts';

// The reminder a buyer gets about an unpaid invoice: on its due date, and seven days after.

export interface ReminderFacts {
  to: string;
  contactName: string;
  orderId: string;
  orderNumber: string;
  invoiceNumber: string;
  sellerName: string;
  dueDate: string;
  balance: number;
  late: boolean;
}

export function invoiceReminderEmail(facts: ReminderFacts, appUrl: string): MailMessage {
  const subject = INVOICES.reminderSubject(facts.invoiceNumber, facts.late);
  const greeting = `Hello ${facts.contactName || 'there'},`;
  const owed = `${formatUsd(facts.balance)} is still owed on invoice ${facts.invoiceNumber} from ${facts.sellerName} for order ${facts.orderNumber}`;
  const intro = facts.late
    ? `${owed}; it was due on ${facts.dueDate}.`
    : `${owed}, due today (${facts.dueDate}).`;
  const url = `${appUrl}/orders/${facts.orderId}`;
  const finePrint = `You receive this e-mail because New Messages notifications are on; they include your orders and invoices. You can turn them off under Email Notifications in your profile: ${appUrl}/profile`;
  const text = [greeting, intro, `See the order and its payments on Canopy:\n${url}`, finePrint].join('\n\n');
  return {
    to: facts.to,
    subject,
    text: `${text}\n`,
    html: renderEmailHtml({
      heading: subject,
      paragraphs: [greeting, intro],
      action: { label: 'View the order', url },
      finePrint,
    }),
  };
}
