import { type DealParty, describeTerms, formatUsd, PAYMENT_TERMS_LABELS } from '@canopy/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { companyMembers, type OfferRow, users } from '../../db/schema/index.ts';
import { renderEmailHtml } from '../../lib/email-html.ts';
import type { MailAttachment, MailMessage } from '../../lib/mail.ts';
import { emailSwitchOn } from '../notifications/index.ts';
import { orderConfirmationPdf } from './confirmation-pdf.ts';
import type { Transition } from './notices.ts';
import { findOrder } from './read-model.ts';
import { describeDealTerms } from './terms-words.ts';

// The e-mail each move of a deal owes (issue 27 item 13, decision 189): the side that did not move
// hears of it at once, in a mail of its own, not as one of the throttled "unread message" mails; an
// acceptance mails both sides the order confirmation with its PDF. Mails are queued in the move's
// transaction (decision 070), so a move that rolls back mails nothing, and they follow each
// recipient's New Messages setting (decision 122).

interface Recipient {
  id: string;
  email: string;
  contactName: string;
  businessName: string;
  status: string;
  notifyNewMessages: boolean;
  emailSwitchesOff: string[];
}

interface Letter {
  subject: string;
  /** The first paragraph: who did what. */
  intro: string;
  /** A passage quoted as its author wrote it (an offer's note). */
  quote?: { by: string; text: string };
  action: { lead: string; label: string; url: string };
  attachments?: MailAttachment[];
  /** Why the reader gets this mail, when it is not their New Messages setting. */
  finePrint?: string;
}

const businessOf = (party: Recipient) => party.businessName || 'A Canopy member';

function termsLines(transition: Transition): string {
  const terms = transition.detail?.terms;
  if (!terms) return '';
  const deliverBy = terms.deliverBy ? `\nDeliver by ${terms.deliverBy}.` : '';
  // Cash on delivery goes without saying, as it did before terms existed.
  const payment =
    terms.paymentTerms === 'cod' ? '' : `\nPayment: ${PAYMENT_TERMS_LABELS[terms.paymentTerms]}.`;
  return `\n\n${describeDealTerms(terms)}.${payment}${deliverBy}`;
}

const withReason = (text: string, reason: string | null | undefined) =>
  reason ? `${text}\nReason: ${reason}` : text;

/** The two sides of a move: who made it and who did not. */
interface Sides {
  actor: Recipient;
  other: Recipient;
}

/** What the side that did not move reads (for an acceptance, also what the mover reads). */
function letterFor(
  ctx: AppContext,
  transition: Transition,
  { actor, other }: Sides,
  reader: Recipient,
  attachments: MailAttachment[],
): Letter {
  const { deal, event } = transition;
  const title = deal.listingTitle;
  const mover = businessOf(actor);
  const order = deal.orderNumber ?? '';
  const messages = { label: 'Open Messages', url: `${ctx.config.appUrl}/messages` };
  const toAnswer = { ...messages, lead: 'See it and answer on Canopy:' };
  const closed = { ...messages, lead: 'See the conversation on Canopy:' };
  const orderPage = {
    lead: 'See the order on Canopy:',
    label: 'View the order',
    url: `${ctx.config.appUrl}/orders/${deal.orderId ?? ''}`,
  };
  const note = transition.detail?.terms?.note;
  const quote = note ? { by: mover, text: note } : undefined;
  const reason = transition.detail?.reason;
  switch (event) {
    case 'offer_made':
      return {
        subject: `New offer on ${title} from ${mover}`,
        intro: `${mover} made an offer on "${title}":${termsLines(transition)}`,
        quote,
        action: toAnswer,
      };
    case 'offer_countered':
      return {
        subject: `Counter-offer on ${title} from ${mover}`,
        intro: `${mover} answered with a counter-offer on "${title}":${termsLines(transition)}`,
        quote,
        action: toAnswer,
      };
    case 'offer_accepted': {
      const who =
        reader.id === actor.id
          ? `You accepted the offer of ${businessOf(other)}`
          : `${mover} accepted your offer`;
      return {
        subject: `Order ${order} confirmed: ${title}`,
        intro: `${who} on "${title}". Order ${order} is confirmed:${termsLines(transition)}\n\nThe order confirmation is attached as a PDF.`,
        action: orderPage,
        attachments,
      };
    }
    case 'offer_declined':
      return {
        subject: `Offer declined on ${title}`,
        intro: withReason(`${mover} declined your offer on "${title}".`, reason),
        action: closed,
      };
    case 'offer_withdrawn':
      return {
        subject: `Offer withdrawn on ${title}`,
        intro: `${mover} withdrew their offer on "${title}".`,
        action: closed,
      };
    case 'order_scheduled':
      return {
        subject: `Order ${order} scheduled for delivery`,
        intro: `${mover} scheduled order ${order} ("${title}") for delivery. The invoice and the transport manifest are on the order page.`,
        action: orderPage,
      };
    case 'order_in_transit':
      return {
        subject: `Order ${order} in transit`,
        intro: `${mover} marked order ${order} ("${title}") in transit.`,
        action: orderPage,
      };
    case 'order_fulfilled':
      return {
        subject: `Order ${order} fulfilled`,
        intro: `${mover} marked order ${order} ("${title}") fulfilled.`,
        action: orderPage,
      };
    case 'order_completed':
      return {
        subject: `Order ${order} completed`,
        intro: `${mover} marked order ${order} ("${title}") completed.`,
        action: orderPage,
      };
    case 'order_cancelled':
      return {
        subject: `Order ${order} cancelled`,
        intro: withReason(`${mover} cancelled order ${order} ("${title}").`, reason),
        action: orderPage,
      };
  }
}

function render(letter: Letter, reader: Recipient, appUrl: string): MailMessage {
  const greeting = `Hello ${reader.contactName || 'there'},`;
  const quoteLead = letter.quote ? `Note from ${letter.quote.by}:` : '';
  const footer =
    letter.finePrint ??
    `You receive this e-mail because New Messages notifications are on; they include your offers and orders. You can turn them off under Email Notifications in your profile: ${appUrl}/profile`;
  const text = [
    greeting,
    letter.intro,
    quoteLead,
    // Quoted line by line, so a note cannot pass for the mail's own words in the plain text.
    letter.quote?.text.replace(/^/gm, '> ') ?? '',
    `${letter.action.lead}\n${letter.action.url}`,
    footer,
  ]
    .filter(Boolean)
    .join('\n\n');
  const html = renderEmailHtml({
    heading: letter.subject,
    paragraphs: [greeting, letter.intro, quoteLead].filter(Boolean),
    quote: letter.quote?.text,
    action: { label: letter.action.label, url: letter.action.url },
    finePrint: footer,
  });
  return {
    to: reader.email,
    subject: letter.subject,
    text: `${text}\n`,
    html,
    attachments: letter.attachments,
  };
}

/** The order confirmation as a file, read inside the move's transaction that made the order. */
async function confirmationOf(tx: Db, orderId: string | null | undefined): Promise<MailAttachment[]> {
  const order = orderId ? await findOrder(tx, orderId) : null;
  if (!order) throw new Error('accepted offer without its order');
  return [
    {
      filename: `${order.number}.pdf`,
      contentType: 'application/pdf',
      content: await orderConfirmationPdf(order),
    },
  ];
}

/** What a deal mail needs of the account it goes to. */
const recipientColumns = {
  id: users.id,
  email: users.email,
  contactName: users.contactName,
  businessName: users.businessName,
  status: users.status,
  notifyNewMessages: users.notifyNewMessages,
  emailSwitchesOff: users.emailSwitchesOff,
};

/**
 * A verified account whose New Messages setting is on, and whose switch for offers or orders is on
 * (decision 251); anyone else is not mailed.
 */
const mayMail = (party: Recipient, event: Transition['event']) =>
  party.status === 'verified' &&
  party.notifyNewMessages &&
  emailSwitchOn(party, event.startsWith('order_') ? 'orders' : 'offers');

/**
 * Queues the move's e-mails in its transaction. The caller kicks the mail queue after the commit
 * (the queue's poll would find them otherwise, a couple of seconds later).
 */
export async function mailDealMove(ctx: AppContext, tx: Db, transition: Transition): Promise<void> {
  const { deal, actorParty } = transition;
  const rows = await tx
    .select(recipientColumns)
    .from(users)
    .where(inArray(users.id, [deal.buyerId, deal.sellerId]));
  const byParty = (party: DealParty) =>
    rows.find((row) => row.id === (party === 'buyer' ? deal.buyerId : deal.sellerId));
  const actor = byParty(actorParty);
  const other = byParty(actorParty === 'buyer' ? 'seller' : 'buyer');
  if (!actor || !other) return;
  const readers = (transition.event === 'offer_accepted' ? [other, actor] : [other]).filter((reader) =>
    mayMail(reader, transition.event),
  );
  if (readers.length === 0) return;
  const attachments = transition.event === 'offer_accepted' ? await confirmationOf(tx, deal.orderId) : [];
  for (const reader of readers) {
    const letter = letterFor(ctx, transition, { actor, other }, reader, attachments);
    await ctx.mailer.enqueue(tx, render(letter, reader, ctx.config.appUrl));
  }
}

/**
 * An offer held above its maker's order limit (decision 204): every owner and manager of the
 * buying company hears of it at once, whatever their New Messages setting, since nothing moves
 * until one of them answers. Queued in the transaction that holds the offer.
 */
export async function mailApprovalRequest(
  ctx: AppContext,
  tx: Db,
  held: { offer: OfferRow; maker: { contactName: string; email: string }; limit: number },
): Promise<void> {
  const { offer, maker, limit } = held;
  const approvers = await tx
    .select(recipientColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(eq(companyMembers.companyId, offer.buyerId), inArray(companyMembers.role, ['owner', 'manager'])),
    );
  const who = maker.contactName || maker.email;
  const kind = offer.previousOfferId ? 'a counter-offer' : 'an offer';
  for (const reader of approvers) {
    const letter: Letter = {
      subject: `Approval needed: ${who}'s offer on ${offer.listingTitle}`,
      intro: `${who} made ${kind} on "${offer.listingTitle}" above their order limit of ${formatUsd(limit)}:\n\n${describeTerms(offer)}.\n\nThe seller does not see it until an owner or manager of your company approves it.`,
      action: {
        lead: 'Approve or decline it on Canopy:',
        label: 'Review the offer',
        url: `${ctx.config.appUrl}/offers`,
      },
      finePrint:
        "You receive this e-mail because you are an owner or manager of your company on Canopy, and a member's offer waits for your approval.",
    };
    await ctx.mailer.enqueue(tx, render(letter, reader, ctx.config.appUrl));
  }
}
