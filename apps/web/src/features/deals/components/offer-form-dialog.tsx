import {
  type CounterOfferInput,
  californiaToday,
  counterOfferSchema,
  DEALS,
  dealTotal,
  formatLbs,
  formatUsd,
  OFFER_NOTE_MAX,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  type PaymentTerms,
  PRICE_TIERS,
  type PriceTier,
  priceForQuantity,
} from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, sendWhenValid } from '@/components/form-dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { OFFER_FORM } from '../texts.ts';

/** The fields as typed (all text); the schema reads them as the API's terms. */
type Values = Record<'quantityLbs' | 'pricePerLb' | 'deliverBy' | 'note', string> & {
  paymentTerms: PaymentTerms;
};
type CounterOffer = z.output<typeof counterOfferSchema>;

/** Where the form starts; a first offer may know only some of it (a lot that takes offers has no price). */
export interface OfferTermsDefaults {
  quantityLbs: number | null;
  pricePerLb: number | null;
  deliverBy: string | null;
  note: string | null;
  /** A counter starts from the terms of the offer it answers; a first offer is cash on delivery. */
  paymentTerms?: PaymentTerms;
}

const TERMS_OPTIONS = PAYMENT_TERMS.map((terms) => ({ value: terms, label: PAYMENT_TERMS_LABELS[terms] }));

interface OfferFormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  listingTitle: string;
  /** The listing's available pounds when known; the server checks it in any case. */
  availableLbs: number | null;
  /** The listing's asking price per pound, shown beside its pounds when it has one. */
  askingPrice?: number | null;
  /** The listing's volume tiers (decision 233): the price that applies follows the quantity typed. */
  priceTiers?: PriceTier[];
  /** The buyer's group price (issue 25 item 1): the price field follows it where it is the lower. */
  groupPrice?: number | null;
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
  paymentTerms: defaults?.paymentTerms ?? 'cod',
});

/**
 * The API's schema for the terms, plus the one rule only this form can check: the lot's size
 * (checked once the terms themselves are valid; the server checks it in any case).
 */
function termsSchema(availableLbs: number | null) {
  if (availableLbs === null) return counterOfferSchema;
  return counterOfferSchema.refine((terms) => terms.quantityLbs <= availableLbs, {
    path: ['quantityLbs'],
    message: DEALS.notEnoughQuantity,
  });
}

/**
 * The price the lot's own table gives the quantity typed, once it reads as a positive number;
 * null for a lot without tiers (its asking price is already shown) or without an asking price.
 */
function tablePrice(quantityLbs: unknown, askingPrice: number | null, tiers: PriceTier[]) {
  const quantity = Number(quantityLbs);
  if (tiers.length === 0 || !(quantity > 0)) return null;
  const applied = priceForQuantity(quantity, askingPrice, tiers);
  return applied && { quantity, applied };
}

/** quantity × price as the server will total it, once both read as positive numbers. */
function liveTotal(quantityLbs: unknown, pricePerLb: unknown): string {
  const quantity = Number(quantityLbs);
  const price = Number(pricePerLb);
  if (!(quantity > 0 && price > 0)) return '—';
  return formatUsd(dealTotal(quantity, price));
}

interface AmountFieldProps {
  id: string;
  label: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
}

/** Pounds or dollars, typed as text so "12." and "1,2" can be said wrong rather than silently dropped. */
function AmountField({ id, label, error, field }: AmountFieldProps) {
  return (
    <FormField id={id} label={label} error={error} required>
      {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...field} />}
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
  priceTiers = [],
  groupPrice = null,
  defaults,
  submitLabel,
  onSubmit,
}: OfferFormDialogProps) {
  const formId = useId();
  const schema = useMemo(() => termsSchema(availableLbs), [availableLbs]);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors, dirtyFields },
  } = useForm<CounterOfferInput, unknown, CounterOffer>({
    resolver: zodResolver(schema),
    defaultValues: toValues(defaults),
  });
  const noteLeft = OFFER_NOTE_MAX - (watch('note') ?? '').length;
  const atQuantity = tablePrice(watch('quantityLbs'), askingPrice, priceTiers);
  const tierPrice = atQuantity?.applied.pricePerLb;
  const pricePerLb =
    groupPrice === null ? tierPrice : tierPrice === undefined ? undefined : Math.min(groupPrice, tierPrice);
  const priceTyped = dirtyFields.pricePerLb === true;
  // Until the buyer types a price of their own, the price field follows the table (decision 233).
  useEffect(() => {
    if (pricePerLb !== undefined && !priceTyped) setValue('pricePerLb', pricePerLb.toFixed(2));
  }, [pricePerLb, priceTyped, setValue]);

  return (
    <FormDialog
      open={open}
      onClose={() => {
        reset(toValues(defaults));
        onClose();
      }}
      title={title}
      submitLabel={submitLabel}
      cancelLabel={OFFER_FORM.cancel}
      failure={DEALS.offerFailed}
      onSubmit={sendWhenValid(handleSubmit, (terms) =>
        onSubmit({
          quantityLbs: terms.quantityLbs,
          pricePerLb: terms.pricePerLb,
          // Terms left as they started are not sent: a first offer is cash on delivery and a counter
          // keeps the terms it answers, both by the API's own default.
          ...(terms.paymentTerms !== (defaults?.paymentTerms ?? 'cod')
            ? { paymentTerms: terms.paymentTerms }
            : {}),
          ...(terms.deliverBy ? { deliverBy: terms.deliverBy } : {}),
          ...(terms.note ? { note: terms.note } : {}),
        }),
      )}
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
          error={errors.quantityLbs?.message}
          field={register('quantityLbs')}
        />
        <AmountField
          id={`${formId}-price`}
          label={OFFER_FORM.price}
          error={errors.pricePerLb?.message}
          field={register('pricePerLb')}
        />
      </div>
      {atQuantity && (
        <output htmlFor={`${formId}-quantity`} className="block text-sm font-medium text-brand-900">
          {PRICE_TIERS.priceAt(atQuantity.quantity, atQuantity.applied)}
        </output>
      )}
      <p className="flex items-baseline justify-between rounded-md bg-brand-50 px-3 py-2 text-sm text-slate-800">
        <span>{OFFER_FORM.total}</span>
        <output htmlFor={`${formId}-quantity ${formId}-price`} className="text-lg font-bold text-slate-900">
          {liveTotal(watch('quantityLbs'), watch('pricePerLb'))}
        </output>
      </p>
      <FormField
        id={`${formId}-deliver-by`}
        label={OFFER_FORM.deliverBy}
        hint={OFFER_FORM.deliverByHint}
        error={errors.deliverBy?.message}
      >
        {(control) => <Input {...control} type="date" min={californiaToday()} {...register('deliverBy')} />}
      </FormField>
      <FormField
        id={`${formId}-terms`}
        label={OFFER_FORM.paymentTerms}
        hint={OFFER_FORM.paymentTermsHint}
        error={errors.paymentTerms?.message}
      >
        {(control) => <Select {...control} options={TERMS_OPTIONS} {...register('paymentTerms')} />}
      </FormField>
      <FormField
        id={`${formId}-note`}
        label={OFFER_FORM.note}
        hint={OFFER_FORM.noteHint(Math.max(noteLeft, 0))}
        error={errors.note?.message}
      >
        {(control) => <Textarea {...control} rows={3} maxLength={OFFER_NOTE_MAX} {...register('note')} />}
      </FormField>
    </FormDialog>
  );
}
