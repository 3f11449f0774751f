import {
  DEALS,
  type DealParty,
  formatLbs,
  formatUsd,
  type OfferDto,
  PAYMENT_TERMS_LABELS,
} from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { productQueryOptions } from '@/features/catalog';
import { OfferBuyerRecord } from '@/features/invoices';
import { usePermissions } from '@/lib/auth/use-permissions.ts';
import { formatPacificDate, formatPacificTime } from '@/lib/time.ts';
import { useApproveOffer, useDeclineApproval } from '../api/use-deal-actions.ts';
import { memberName } from '../member-name.ts';
import { OFFER_CARD } from '../texts.ts';
import { DealLines } from './deal-lines.tsx';
import { askingPricePerLb } from './make-offer.tsx';
import { OfferActions } from './offer-actions.tsx';
import { OfferStatusBadge } from './offer-status-badge.tsx';
import { Term } from './term.tsx';

/** Whose offer it is, from the reader's side: "Your offer", "Their counter"… */
const heading = (offer: OfferDto, viewer: DealParty) =>
  OFFER_CARD.heading(offer.madeBy === viewer, offer.previousOfferId !== null);

/**
 * The lot's asking price and pounds left, read from its public product, so whoever answers an
 * offer weighs it against the lot. Nothing is shown for a lot buyers can no longer reach.
 */
function LotTerms({ listingId }: { listingId: string }) {
  const product = useQuery({ ...productQueryOptions(listingId), retry: false });
  if (!product.data) return null;
  const asking = askingPricePerLb(product.data);
  const { availableQuantity } = product.data;
  return (
    <p className="mt-1 text-xs text-slate-600">
      {OFFER_CARD.lotTerms(
        asking === null ? null : `${formatUsd(asking)} / lb`,
        availableQuantity === DEALS.soldOut ? availableQuantity : OFFER_CARD.lotAvailable(availableQuantity),
      )}
    </p>
  );
}

/**
 * An offer above its maker's order limit (decision 204): an owner or manager approves it, and the
 * seller sees it, or declines it, and the seller never does.
 */
function ApprovalActions({ offerId }: { offerId: string }) {
  const approve = useApproveOffer();
  const decline = useDeclineApproval();
  const pending = approve.isPending || decline.isPending;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button
        size="sm"
        disabled={pending}
        isLoading={approve.isPending}
        onClick={() => approve.mutate(offerId)}
      >
        {OFFER_CARD.approve}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={pending}
        isLoading={decline.isPending}
        onClick={() => decline.mutate(offerId)}
      >
        {OFFER_CARD.declineApproval}
      </Button>
    </div>
  );
}

/**
 * An offer as a card in the conversation: its terms, total, status and, while open, when it
 * expires; the moves the reader may make on it; a link to the order it became.
 */
export function OfferCard({ offer, userId }: { offer: OfferDto; userId: string }) {
  const { may } = usePermissions();
  const viewer: DealParty = offer.buyerId === userId ? 'buyer' : 'seller';
  const titleId = `offer-${offer._id}`;
  const maker = memberName(offer.byMember, offer.madeBy === 'buyer' ? offer.buyerId : offer.sellerId);
  // An offer of several lots (issue 25) lists them; its single-lot fields describe line 1 only.
  const several = offer.lines.length > 1;
  return (
    <article
      aria-labelledby={titleId}
      className="w-full max-w-md rounded-lg border border-brand-200 bg-white p-4 text-sm shadow-xs"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-slate-900">
            {heading(offer, viewer)}
          </h3>
          {maker && <p className="text-xs text-slate-600">{OFFER_CARD.madeBy(maker)}</p>}
          {several ? (
            <p className="text-xs text-slate-600">{offer.lines.length} lots</p>
          ) : offer.listingId ? (
            <Link to={`/products/${offer.listingId}`} className="block truncate text-xs">
              {offer.listingTitle}
            </Link>
          ) : (
            <p className="truncate text-xs text-slate-600">{offer.listingTitle}</p>
          )}
          {!several && offer.listingId && offer.status === 'open' && <LotTerms listingId={offer.listingId} />}
        </div>
        <OfferStatusBadge status={offer.status} />
      </div>
      {several && <DealLines compact lines={offer.lines} />}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        {!several && (
          <>
            <Term compact label={OFFER_CARD.quantity}>
              {formatLbs(offer.quantityLbs)}
            </Term>
            <Term compact label={OFFER_CARD.price}>
              {formatUsd(offer.pricePerLb)}
            </Term>
            <Term compact label={OFFER_CARD.total}>
              {formatUsd(offer.total)}
            </Term>
          </>
        )}
        <Term compact label={OFFER_CARD.paymentTerms}>
          {PAYMENT_TERMS_LABELS[offer.paymentTerms]}
        </Term>
        {offer.deliverBy && (
          <Term compact label={OFFER_CARD.deliverBy}>
            {formatPacificDate(`${offer.deliverBy}T12:00:00Z`)}
          </Term>
        )}
      </dl>
      {offer.note && (
        <p className="mt-3 break-words whitespace-pre-wrap text-slate-700">
          <span className="font-medium text-slate-900">{OFFER_CARD.note}: </span>
          {offer.note}
        </p>
      )}
      {offer.declineReason && (
        <p className="mt-2 break-words text-slate-700">
          <span className="font-medium text-slate-900">{OFFER_CARD.reason}: </span>
          {offer.declineReason}
        </p>
      )}
      {offer.status === 'open' && (
        <p className="mt-2 text-xs text-slate-600">
          <time dateTime={offer.expiresAt}>{OFFER_CARD.expires(formatPacificTime(offer.expiresAt))}</time>
        </p>
      )}
      {offer.status === 'open' && viewer === 'seller' && (
        <div className="mt-3 border-t border-slate-100 pt-3">
          <OfferBuyerRecord offerId={offer._id} />
        </div>
      )}
      {offer.status === 'open' && may(viewer === 'seller' ? 'offers:sell' : 'offers:buy') && (
        <OfferActions offer={offer} viewer={viewer} />
      )}
      {offer.status === 'awaiting_approval' && (
        <p className="mt-2 text-xs text-slate-600">{OFFER_CARD.awaitingApproval}</p>
      )}
      {offer.status === 'awaiting_approval' && may('offers:approve') && (
        <ApprovalActions offerId={offer._id} />
      )}
      {offer.orderId && (
        <Link to={`/orders/${offer.orderId}`} className="mt-3 inline-block font-medium">
          {OFFER_CARD.viewOrder}
        </Link>
      )}
    </article>
  );
}
