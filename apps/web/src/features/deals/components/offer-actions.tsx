import type { DealParty, OfferDto } from '@canopy/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  useAcceptOffer,
  useCounterOffer,
  useDeclineOffer,
  useWithdrawOffer,
} from '../api/use-deal-actions.ts';
import { formatMoney, formatTerms } from '../format.ts';
import { DEAL_FAILURES, OFFER_CARD, OFFER_FORM } from '../texts.ts';
import { ConfirmMoveDialog } from './confirm-move-dialog.tsx';
import { OfferFormDialog } from './offer-form-dialog.tsx';

type Move = 'accept' | 'decline' | 'counter' | 'withdraw';

/**
 * The moves on an open offer: the side that did not make it may accept, decline or counter; the
 * side that made it may withdraw it. The server checks each again, so a stale card only gets a
 * clear refusal.
 */
export function OfferActions({ offer, viewer }: { offer: OfferDto; viewer: DealParty }) {
  const [move, setMove] = useState<Move | null>(null);
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const counter = useCounterOffer();
  const withdraw = useWithdrawOffer();
  const close = () => setMove(null);
  const answering = offer.madeBy !== viewer;
  const terms = `${formatTerms(offer.quantityLbs, offer.pricePerLb)} (${formatMoney(offer.total)})`;

  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {answering ? (
        <>
          <Button size="sm" onClick={() => setMove('accept')}>
            {OFFER_CARD.accept}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setMove('counter')}>
            {OFFER_CARD.counter}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setMove('decline')}>
            {OFFER_CARD.decline}
          </Button>
        </>
      ) : (
        <>
          <p className="w-full text-xs text-slate-600">{OFFER_CARD.waiting}</p>
          <Button size="sm" variant="secondary" onClick={() => setMove('withdraw')}>
            {OFFER_CARD.withdraw}
          </Button>
        </>
      )}

      <ConfirmMoveDialog
        open={move === 'accept'}
        onClose={close}
        title={OFFER_CARD.acceptTitle}
        confirmLabel={OFFER_CARD.acceptConfirm}
        cancelLabel={OFFER_CARD.keep}
        failure={DEAL_FAILURES.offerAction}
        onConfirm={() => accept.mutateAsync(offer._id)}
      >
        {OFFER_CARD.acceptBody(terms)}
      </ConfirmMoveDialog>
      <ConfirmMoveDialog
        open={move === 'decline'}
        onClose={close}
        title={OFFER_CARD.declineTitle}
        confirmLabel={OFFER_CARD.declineConfirm}
        cancelLabel={OFFER_CARD.keep}
        variant="danger"
        reason={{ label: OFFER_CARD.reason, hint: OFFER_CARD.reasonHint }}
        failure={DEAL_FAILURES.offerAction}
        onConfirm={(reason) => decline.mutateAsync({ id: offer._id, reason })}
      >
        {terms}
      </ConfirmMoveDialog>
      <ConfirmMoveDialog
        open={move === 'withdraw'}
        onClose={close}
        title={OFFER_CARD.withdrawTitle}
        confirmLabel={OFFER_CARD.withdrawConfirm}
        cancelLabel={OFFER_CARD.keep}
        variant="danger"
        failure={DEAL_FAILURES.offerAction}
        onConfirm={() => withdraw.mutateAsync(offer._id)}
      >
        {OFFER_CARD.withdrawBody}
      </ConfirmMoveDialog>
      <OfferFormDialog
        open={move === 'counter'}
        onClose={close}
        title={OFFER_FORM.counterTitle}
        listingTitle={offer.listingTitle}
        availableLbs={null}
        defaults={offer}
        submitLabel={OFFER_FORM.sendCounter}
        onSubmit={(terms) => counter.mutateAsync({ id: offer._id, terms })}
      />
    </div>
  );
}
