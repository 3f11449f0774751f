import {
  type CounterOfferInput,
  californiaToday,
  counterOfferSchema,
  DEALS,
  dealTotal,
  OFFER_NOTE_MAX,
} from '@canopy/shared';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { failureText } from '@/lib/api-client.ts';
import { formatMoney, formatPounds } from '../format.ts';
import { OFFER_FORM } from '../texts.ts';

type Field = 'quantityLbs' | 'pricePerLb' | 'deliverBy' | 'note';
type Values = Record<Field, string>;

export interface OfferTermsDefaults {
  quantityLbs: number;
  pricePerLb: number;
  deliverBy: string | null;
  note: string | null;
}

interface OfferFormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  listingTitle: string;
  /** The listing's available pounds when known; the server checks it in any case. */
  availableLbs: number | null;
  /** A counter-offer starts from the terms it answers. */
  defaults?: OfferTermsDefaults;
  submitLabel: string;
  /** Sends the validated terms; a rejection is shown inside the dialog. */
  onSubmit: (terms: CounterOfferInput) => Promise<unknown>;
}

const toValues = (defaults?: OfferTermsDefaults): Values => ({
  quantityLbs: defaults ? String(defaults.quantityLbs) : '',
  pricePerLb: defaults ? defaults.pricePerLb.toFixed(2) : '',
  deliverBy: defaults?.deliverBy ?? '',
  note: defaults?.note ?? '',
});

/** The shared schema's verdict per field, plus the one rule only this form can check: the lot's size. */
function validate(values: Values, availableLbs: number | null) {
  const parsed = counterOfferSchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
  } else if (availableLbs !== null && parsed.data.quantityLbs > availableLbs) {
    errors.quantityLbs = DEALS.notEnoughQuantity;
  }
  return { terms: parsed.success ? parsed.data : null, errors };
}

/** quantity × price as the server will total it, once both read as positive numbers. */
function liveTotal(values: Values): string {
  const quantity = Number(values.quantityLbs);
  const price = Number(values.pricePerLb);
  if (!(quantity > 0 && price > 0)) return '—';
  return formatMoney(dealTotal(quantity, price));
}

/**
 * The offer form, for a first offer and for a counter-offer: quantity, price per pound, an
 * optional deliver-by date and note, and the total as it is typed. The rules are the shared
 * schema's, so what passes here passes on the server; the server's refusals (the lot sold out
 * meanwhile, say) are said inside the dialog, which keeps the page's toasts behind its backdrop.
 */
export function OfferFormDialog({
  open,
  onClose,
  title,
  listingTitle,
  availableLbs,
  defaults,
  submitLabel,
  onSubmit,
}: OfferFormDialogProps) {
  const formId = useId();
  const [values, setValues] = useState(() => toValues(defaults));
  const [showErrors, setShowErrors] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { terms, errors } = validate(values, availableLbs);
  const shown = showErrors ? errors : {};
  const noteLeft = OFFER_NOTE_MAX - values.note.length;

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function close() {
    setShowErrors(false);
    setProblem(null);
    setValues(toValues(defaults));
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShowErrors(true);
    if (!terms) return;
    setProblem(null);
    setPending(true);
    try {
      await onSubmit({
        quantityLbs: terms.quantityLbs,
        pricePerLb: terms.pricePerLb,
        ...(terms.deliverBy ? { deliverBy: terms.deliverBy } : {}),
        ...(terms.note ? { note: terms.note } : {}),
      });
      close();
    } catch (error) {
      setProblem(failureText(error, DEALS.offerFailed));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {OFFER_FORM.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={pending}>
            {pending ? OFFER_FORM.sending : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <div className="text-sm text-slate-600">
          <p>{OFFER_FORM.about(listingTitle)}</p>
          {availableLbs !== null && <p>{OFFER_FORM.available(formatPounds(availableLbs))}</p>}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${formId}-quantity`} label={OFFER_FORM.quantity} error={shown.quantityLbs} required>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={values.quantityLbs}
                onChange={set('quantityLbs')}
              />
            )}
          </FormField>
          <FormField id={`${formId}-price`} label={OFFER_FORM.price} error={shown.pricePerLb} required>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={values.pricePerLb}
                onChange={set('pricePerLb')}
              />
            )}
          </FormField>
        </div>
        <p className="flex items-baseline justify-between rounded-md bg-brand-50 px-3 py-2 text-sm text-slate-800">
          <span>{OFFER_FORM.total}</span>
          <output htmlFor={`${formId}-quantity ${formId}-price`} className="text-lg font-bold text-slate-900">
            {liveTotal(values)}
          </output>
        </p>
        <FormField
          id={`${formId}-deliver-by`}
          label={OFFER_FORM.deliverBy}
          hint={OFFER_FORM.deliverByHint}
          error={shown.deliverBy}
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              min={californiaToday()}
              value={values.deliverBy}
              onChange={set('deliverBy')}
            />
          )}
        </FormField>
        <FormField
          id={`${formId}-note`}
          label={OFFER_FORM.note}
          hint={OFFER_FORM.noteHint(Math.max(noteLeft, 0))}
          error={shown.note}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={OFFER_NOTE_MAX}
              value={values.note}
              onChange={set('note')}
            />
          )}
        </FormField>
        {problem && <Alert tone="error">{problem}</Alert>}
      </form>
    </Dialog>
  );
}
