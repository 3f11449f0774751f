import { type DealEvent, type DealParty, PAYMENT_TERMS_LABELS, type PaymentTerms } from '@canopy/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { type AuditAction, recordAdminAction } from '../audit/index.ts';
import { postDealNotice, publish } from '../messaging/index.ts';
import { mailDealMove } from './deal-mail.ts';
import { notifyDealMove } from './deal-notifications.ts';
import { describeDealTerms } from './terms-words.ts';
import { queueDealEvents } from './webhook-events.ts';

// What every transition of a deal leaves behind, in the transaction that makes it: a notice in the
// parties' conversation (which carries the live update, decision 122), its own e-mail (decision
// 189), a `deal` event for both parties' streams, the parties' webhook deliveries (issue 24), an
// entry in the audit trail and a notice in the other side's notification centre (issue 25).

export interface DealTerms {
  quantityLbs: number;
  pricePerLb: number;
  total: number;
  deliverBy: string | null;
  note: string | null;
  paymentTerms: PaymentTerms;
  /** Every line of an offer of several lots (issue 25); the fields above describe line 1. */
  lines?: readonly { listingTitle: string; quantityLbs: number; pricePerLb: number; total: number }[];
}

interface Deal {
  offerId: string;
  orderId?: string | null;
  orderNumber?: string;
  buyerId: string;
  sellerId: string;
  listingId: string | null;
  listingTitle: string;
}

const termsText = (terms: DealTerms) =>
  [
    `${describeDealTerms(terms)}.`,
    // Cash on delivery goes without saying, as it did before terms existed.
    terms.paymentTerms === 'cod' ? '' : `Payment: ${PAYMENT_TERMS_LABELS[terms.paymentTerms]}.`,
    terms.deliverBy ? `Deliver by ${terms.deliverBy}.` : '',
    terms.note ? `Note: ${terms.note}` : '',
  ]
    .filter(Boolean)
    .join('\n');

const withReason = (text: string, reason: string | null | undefined) =>
  reason ? `${text}\nReason: ${reason}` : text;

/** The notice's words: they stand on their own in the conversation list and in e-mails. */
function noticeText(
  event: DealEvent,
  deal: Deal,
  detail: { terms?: DealTerms; reason?: string | null },
): string {
  const more = (detail.terms?.lines?.length ?? 1) - 1;
  const about =
    more > 0
      ? `"${deal.listingTitle}" and ${more} more ${more === 1 ? 'lot' : 'lots'}`
      : `"${deal.listingTitle}"`;
  const order = `Order ${deal.orderNumber ?? ''}`.trim();
  switch (event) {
    case 'offer_made':
      return `Offer on ${about}: ${detail.terms ? termsText(detail.terms) : ''}`;
    case 'offer_countered':
      return `Counter-offer on ${about}: ${detail.terms ? termsText(detail.terms) : ''}`;
    case 'offer_accepted':
      return `Offer accepted on ${about}. ${order} is confirmed: ${detail.terms ? describeDealTerms(detail.terms) : ''}.`;
    case 'offer_declined':
      return withReason(`Offer declined on ${about}.`, detail.reason);
    case 'offer_withdrawn':
      return `Offer withdrawn on ${about}.`;
    case 'order_scheduled':
      return `${order} (${about}) was scheduled for delivery; its invoice is issued.`;
    case 'order_in_transit':
      return `${order} (${about}) is in transit.`;
    case 'order_fulfilled':
      return `${order} (${about}) was marked fulfilled.`;
    case 'order_completed':
      return `${order} (${about}) was marked completed.`;
    case 'order_cancelled':
      return withReason(`${order} (${about}) was cancelled.`, detail.reason);
  }
}

export interface Transition {
  /** The business that moved: the party, whose conversation the notice goes to. */
  actor: Pick<UserRow, 'id' | 'email'>;
  /** The login that moved for it (the member, issue 28): the audit trail names them. */
  by: Pick<UserRow, 'id' | 'email'>;
  actorParty: DealParty;
  event: DealEvent;
  deal: Deal;
  /** What the notice's words need beyond the deal: the terms, the reason. */
  detail?: { terms?: DealTerms; reason?: string | null };
  audit: {
    action: AuditAction;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    reason?: string | null;
  };
}

export async function recordTransition(ctx: AppContext, tx: Db, transition: Transition): Promise<void> {
  const { deal, actor } = transition;
  const counterpartId = transition.actorParty === 'buyer' ? deal.sellerId : deal.buyerId;
  const content = noticeText(transition.event, deal, transition.detail ?? {});
  await postDealNotice(ctx, tx, {
    senderId: actor.id,
    receiverId: counterpartId,
    listing: deal.listingId ? { id: deal.listingId, title: deal.listingTitle } : null,
    content,
    event: transition.event,
    offerId: deal.offerId,
  });
  await notifyDealMove(tx, transition, content);
  await mailDealMove(ctx, tx, transition);
  await publish(tx, {
    type: 'deal',
    offerId: deal.offerId,
    orderId: deal.orderId ?? null,
    userIds: [deal.buyerId, deal.sellerId],
  });
  await queueDealEvents(tx, ctx.publicFiles.urlFor, transition.event, deal);
  const onOrder = transition.audit.action.startsWith('order.');
  await recordAdminAction(tx, transition.by, {
    action: transition.audit.action,
    targetType: onOrder ? 'order' : 'offer',
    targetId: onOrder && deal.orderId ? deal.orderId : deal.offerId,
    targetLabel: onOrder && deal.orderNumber ? deal.orderNumber : deal.listingTitle,
    before: transition.audit.before,
    after: transition.audit.after,
    reason: transition.audit.reason ?? null,
  });
}
