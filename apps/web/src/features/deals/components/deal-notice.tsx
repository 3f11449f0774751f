import type { DealEvent, OfferDto } from '@canopy/shared';
import { Link } from 'react-router';
import { formatPacificTime } from '@/lib/time.ts';
import { OFFER_CARD } from '../texts.ts';
import { OfferCard } from './offer-card.tsx';

/** The notices that put an offer on the table; its card is shown there, once. */
const INTRODUCES_OFFER = new Set<DealEvent>(['offer_made', 'offer_countered']);

interface DealNoticeProps {
  dealEvent: DealEvent;
  /** The server's words for what happened, the same the conversation list and e-mails show. */
  content: string;
  /** The offer as it is now. */
  offer: OfferDto | null;
  sentAt: string;
  userId: string;
}

/**
 * A deal notice in a conversation: the card of the offer it made (kept current by the live
 * stream), or for later moves a one-line note of what happened, with the order once there is one.
 */
export function DealNotice({ dealEvent, content, offer, sentAt, userId }: DealNoticeProps) {
  if (offer && INTRODUCES_OFFER.has(dealEvent)) {
    return (
      <div className="flex justify-center">
        <OfferCard offer={offer} userId={userId} />
      </div>
    );
  }
  return (
    <p className="text-center text-xs text-slate-600">
      <span className="break-words">{content}</span>{' '}
      <time dateTime={sentAt}>· {formatPacificTime(sentAt)}</time>
      {offer?.orderId && (
        <>
          {' · '}
          <Link to={`/orders/${offer.orderId}`}>{OFFER_CARD.viewOrder}</Link>
        </>
      )}
    </p>
  );
}
