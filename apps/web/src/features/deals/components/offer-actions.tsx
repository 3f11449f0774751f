import { type DealParty, declineOfferSchema, describeTerms, formatUsd, type OfferDto } from '@canopy/shared';
import { type ReactNode, useState } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button.tsx';
import {
  useAcceptOffer,
  useCounterOffer,
  useDeclineOffer,
  useWithdrawOffer,
} from '../api/use-deal-actions.ts';
import { DEAL_FAILURES, OFFER_CARD, OFFER_FORM } from '../texts.ts';
import { ConfirmMoveDialog } from './confirm-move-dialog.tsx';
import { linesTotal } from './deal-lines.tsx';
import { LinesCounterDialog } from './lines-counter-dialog.tsx';
import { OfferFormDialog } from './offer-form-dialog.tsx';

type Confirmed = 'accept' | 'decline' | 'withdraw';

interface ConfirmedMove {
  title: string;
  body: ReactNode;
  confirm: string;
  variant: ButtonVariant;
  /** Declining may say why; the other side reads it. */
  asksReason: boolean;
  run: (reason: string) => Promise<unknown>;
}

/**
 * The moves on an open offer: the side that did not make it may accept, decline or counter; the
 * side that made it may withdraw it. The server checks each again, so a stale card only gets a
 * clear refusal.
 */
export function OfferActions({ offer, viewer }: { offer: OfferDto; viewer: DealParty }) {
  const [move, setMove] = useState<Confirmed | 'counter' | null>(null);
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const counter = useCounterOffer();
  const withdraw = useWithdrawOffer();
  const close = () => setMove(null);
  const answering = offer.madeBy !== viewer;
  // An offer of several lots is stated line by line and in sum (its own fields are line 1's).
  const terms =
    offer.lines.length > 1
      ? `${offer.lines.map((line) => `${line.listingTitle}: ${describeTerms(line)}`).join('; ')} (${formatUsd(linesTotal(offer.lines))} in all)`
      : describeTerms(offer);

  const confirmed: Record<Confirmed, ConfirmedMove> = {
    accept: {
      title: OFFER_CARD.acceptTitle,
      body: OFFER_CARD.acceptBody(terms),
      confirm: OFFER_CARD.acceptConfirm,
      variant: 'primary',
      asksReason: false,
      run: () => accept.mutateAsync(offer._id),
    },
    decline: {
      title: OFFER_CARD.declineTitle,
      body: terms,
      confirm: OFFER_CARD.declineConfirm,
      variant: 'danger',
      asksReason: true,
      run: (reason) => decline.mutateAsync({ id: offer._id, reason }),
    },
    withdraw: {
      title: OFFER_CARD.withdrawTitle,
      body: OFFER_CARD.withdrawBody,
      confirm: OFFER_CARD.withdrawConfirm,
      variant: 'danger',
      asksReason: false,
      run: () => withdraw.mutateAsync(offer._id),
    },
  };
  const available: Confirmed[] = answering ? ['accept', 'decline'] : ['withdraw'];

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
          {offer.lines.length > 1 ? (
            <LinesCounterDialog
              open={move === 'counter'}
              onClose={close}
              offer={offer}
              onSubmit={(terms) => counter.mutateAsync({ id: offer._id, terms })}
            />
          ) : (
            <OfferFormDialog
              open={move === 'counter'}
              onClose={close}
              title={OFFER_FORM.counterTitle}
              listingTitle={offer.listingTitle}
              availableLbs={null}
              // The terms carry over; the note was the other side's own words.
              defaults={{ ...offer, note: null }}
              submitLabel={OFFER_FORM.sendCounter}
              onSubmit={(terms) => counter.mutateAsync({ id: offer._id, terms })}
            />
          )}
        </>
      ) : (
        <>
          <p className="w-full text-xs text-slate-600">{OFFER_CARD.waiting}</p>
          <Button size="sm" variant="secondary" onClick={() => setMove('withdraw')}>
            {OFFER_CARD.withdraw}
          </Button>
        </>
      )}
      {available.map((name) => {
        const { title, body, confirm, variant, asksReason, run } = confirmed[name];
        return (
          <ConfirmMoveDialog
            key={name}
            open={move === name}
            onClose={close}
            title={title}
            confirmLabel={confirm}
            cancelLabel={OFFER_CARD.keep}
            variant={variant}
            reason={
              asksReason
                ? { label: OFFER_CARD.reason, hint: OFFER_CARD.reasonHint, schema: declineOfferSchema }
                : undefined
            }
            failure={DEAL_FAILURES.offerAction}
            onConfirm={run}
          >
            {body}
          </ConfirmMoveDialog>
        );
      })}
    </div>
  );
}
