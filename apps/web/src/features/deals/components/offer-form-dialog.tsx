import {
  type CounterOfferInput,
  californiaToday,
  counterOfferSchema,
  DEALS,
  dealTotal,
  formatLbs,
  formatUsd,
  OFFER_NOTE_MAX,
} from '@canopy/shared';
import { useId, useState } from 'react';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { OFFER_FORM } from '../texts.ts';
import { FormDialog } from './form-dialog.tsx';

type Field = 'quantityLbs' | 'pricePerLb' | 'deliverBy' | 'note';
type Values = Record<Field, string>;

/** Where the form starts; a first offer may know only some of it (a lot that takes offers has no price). */
export interface OfferTermsDefaults {
  quantityLbs: number | null;
  pricePerLb: number | null;
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
  /** The listing's asking price per pound, shown beside its pounds when it has one. */
  askingPrice?: number | null;
  /** A counter-offer starts from the terms it answers; a first offer from the lot's own. */
  defaults?: OfferTermsDefaults;
  submitLabel: string;
  /** Sends the validated terms; a rejection is shown inside the dialog. */
  onSubmit: (terms: CounterOfferInput) => Promise<unknown>;
}

const toValues = (defaults?: OfferTermsDefaults): Values => ({
  quantityLbs: defaults?.quantityLbs ? String(defaults.quantityLbs) : '',
  pricePerLb: defaults?.pricePerLb ? defaults.pricePerLb.toFixed(2) : '',
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
  const valid = parsed.success && Object.keys(errors).length === 0;
  return { terms: valid ? parsed.data : null, errors };
}

/** quantity × price as the server will total it, once both read as positive numbers. */
function liveTotal(values: Values): string {
  const quantity = Number(values.quantityLbs);
  const price = Number(values.pricePerLb);
  if (!(quantity > 0 && price > 0)) return '—';
  return formatUsd(dealTotal(quantity, price));
}

interface AmountFieldProps {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}

/** Pounds or dollars, typed as text so "12." and "1,2" can be said wrong rather than silently dropped. */
function AmountField({ id, label, error, value, onChange }: AmountFieldProps) {
  return (
    <FormField id={id} label={label} error={error} required>
      {(control) => (
        <Input
          {...control}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/**
 * The offer form, for a first offer and for a counter-offer: quantity, price per pound, an
 * optional deliver-by date and note, and the total as it is typed. The rules are the shared
 * schema's, so what passes here passes on the server; the server's refusals (the lot sold out
 * meanwhile, say) are said inside the dialog.
 */
export function OfferFormDialog({
  open,
  onClose,
  title,
  listingTitle,
  availableLbs,
  askingPrice = null,
  defaults,
  submitLabel,
  onSubmit,
}: OfferFormDialogProps) {
  const formId = useId();
  const [values, setValues] = useState(() => toValues(defaults));
  const [showErrors, setShowErrors] = useState(false);
  const { terms, errors } = validate(values, availableLbs);
  const shown = showErrors ? errors : {};
  const noteLeft = OFFER_NOTE_MAX - values.note.length;

  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  return (
    <FormDialog
      open={open}
      onClose={() => {
        setShowErrors(false);
        setValues(toValues(defaults));
        onClose();
      }}
      title={title}
      submitLabel={submitLabel}
      cancelLabel={OFFER_FORM.cancel}
      failure={DEALS.offerFailed}
      onSubmit={() => {
        setShowErrors(true);
        if (!terms) return null;
        return onSubmit({
          quantityLbs: terms.quantityLbs,
          pricePerLb: terms.pricePerLb,
          ...(terms.deliverBy ? { deliverBy: terms.deliverBy } : {}),
          ...(terms.note ? { note: terms.note } : {}),
        });
      }}
    >
      <div className="text-sm text-slate-600">
        <p>{OFFER_FORM.about(listingTitle)}</p>
        {askingPrice !== null && <p>{OFFER_FORM.asking(`${formatUsd(askingPrice)} / lb`)}</p>}
        {availableLbs !== null && <p>{OFFER_FORM.available(formatLbs(availableLbs))}</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField
          id={`${formId}-quantity`}
          label={OFFER_FORM.quantity}
          error={shown.quantityLbs}
          value={values.quantityLbs}
          onChange={set('quantityLbs')}
        />
        <AmountField
          id={`${formId}-price`}
          label={OFFER_FORM.price}
          error={shown.pricePerLb}
          value={values.pricePerLb}
          onChange={set('pricePerLb')}
        />
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
            onChange={(event) => set('deliverBy')(event.target.value)}
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
            onChange={(event) => set('note')(event.target.value)}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
