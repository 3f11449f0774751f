import {
  type CounterLinesInput,
  counterLinesSchema,
  dealTotal,
  formatUsd,
  OFFER_NOTE_MAX,
  type OfferDto,
  type PaymentTerms,
} from '@canopy/shared';
import { useId, useState } from 'react';
import { FormDialog } from '@/components/form-dialog.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { DEAL_FAILURES, OFFER_FORM } from '../texts.ts';
import { PaymentTermsSelect } from './payment-terms-select.tsx';

// The counter to an offer of several lots (issue 25 item 0, decision 238): each line's pounds and
// price may change, and a line may be removed, as long as one stays. No lot can be added.

interface LineDraft {
  listingId: string;
  listingTitle: string;
  quantityLbs: string;
  pricePerLb: string;
  removed: boolean;
}

const draftsOf = (offer: OfferDto): LineDraft[] =>
  offer.lines
    .filter((line): line is typeof line & { listingId: string } => line.listingId !== null)
    .map((line) => ({
      listingId: line.listingId,
      listingTitle: line.listingTitle,
      quantityLbs: String(line.quantityLbs),
      pricePerLb: line.pricePerLb.toFixed(2),
      removed: false,
    }));

function liveTotal(line: LineDraft): string {
  const quantity = Number(line.quantityLbs);
  const price = Number(line.pricePerLb);
  return quantity > 0 && price > 0 ? formatUsd(dealTotal(quantity, price)) : '—';
}

interface LinesCounterDialogProps {
  open: boolean;
  onClose: () => void;
  offer: OfferDto;
  onSubmit: (terms: CounterLinesInput) => Promise<unknown>;
}

export function LinesCounterDialog({ open, onClose, offer, onSubmit }: LinesCounterDialogProps) {
  const id = useId();
  const [lines, setLines] = useState(() => draftsOf(offer));
  const [paymentTerms, setPaymentTerms] = useState<PaymentTerms>(offer.paymentTerms);
  const [deliverBy, setDeliverBy] = useState(offer.deliverBy ?? '');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const kept = lines.filter((line) => !line.removed);
  const change = (listingId: string, patch: Partial<LineDraft>) =>
    setLines((all) => all.map((line) => (line.listingId === listingId ? { ...line, ...patch } : line)));

  const close = () => {
    setLines(draftsOf(offer));
    setProblem(null);
    onClose();
  };

  const submit = async () => {
    const body: CounterLinesInput = {
      lines: kept.map(({ listingId, quantityLbs, pricePerLb }) => ({ listingId, quantityLbs, pricePerLb })),
      paymentTerms,
      deliverBy: deliverBy || null,
      note: note.trim() || null,
    };
    const parsed = counterLinesSchema.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? DEAL_FAILURES.offerAction);
      return false;
    }
    setProblem(null);
    await onSubmit(body);
    return true;
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={OFFER_FORM.counterTitle}
      submitLabel={OFFER_FORM.sendCounter}
      cancelLabel={OFFER_FORM.cancel}
      failure={DEAL_FAILURES.offerAction}
      onSubmit={submit}
    >
      <ol className="space-y-3">
        {lines.map((line) => (
          <li key={line.listingId} className="rounded-md border border-slate-200 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium break-words text-slate-900">{line.listingTitle}</p>
              <Button
                size="sm"
                variant="ghost"
                disabled={!line.removed && kept.length === 1}
                onClick={() => change(line.listingId, { removed: !line.removed })}
              >
                {line.removed ? `Keep ${line.listingTitle}` : `Remove ${line.listingTitle}`}
              </Button>
            </div>
            {line.removed ? (
              <p className="mt-1 text-sm text-slate-600">Removed from the counter-offer.</p>
            ) : (
              <div className="mt-2 grid grid-cols-2 gap-3">
                <div className="space-y-1">
                  <label htmlFor={`${id}-${line.listingId}-q`} className="block text-sm text-slate-800">
                    Pounds of {line.listingTitle}
                  </label>
                  <Input
                    id={`${id}-${line.listingId}-q`}
                    inputMode="decimal"
                    autoComplete="off"
                    value={line.quantityLbs}
                    onChange={(event) => change(line.listingId, { quantityLbs: event.target.value })}
                  />
                </div>
                <div className="space-y-1">
                  <label htmlFor={`${id}-${line.listingId}-p`} className="block text-sm text-slate-800">
                    Price per lb of {line.listingTitle}
                  </label>
                  <Input
                    id={`${id}-${line.listingId}-p`}
                    inputMode="decimal"
                    autoComplete="off"
                    value={line.pricePerLb}
                    onChange={(event) => change(line.listingId, { pricePerLb: event.target.value })}
                  />
                </div>
                <p className="col-span-2 text-right text-sm font-semibold text-slate-900">
                  {liveTotal(line)}
                </p>
              </div>
            )}
          </li>
        ))}
      </ol>
      <div className="grid gap-3 sm:grid-cols-2">
        <PaymentTermsSelect id={`${id}-terms`} value={paymentTerms} onChange={setPaymentTerms} />
        <div className="space-y-1">
          <label htmlFor={`${id}-deliver`} className="block text-sm font-medium text-slate-800">
            {OFFER_FORM.deliverBy}
          </label>
          <Input
            id={`${id}-deliver`}
            type="date"
            value={deliverBy}
            onChange={(event) => setDeliverBy(event.target.value)}
          />
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-800">
          {OFFER_FORM.note}
        </label>
        <Textarea
          id={`${id}-note`}
          rows={2}
          maxLength={OFFER_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
    </FormDialog>
  );
}
