import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS, type PaymentTerms } from '@canopy/shared';
import { Select } from '@/components/ui/select.tsx';
import { OFFER_FORM } from '../texts.ts';

const OPTIONS = PAYMENT_TERMS.map((value) => ({ value, label: PAYMENT_TERMS_LABELS[value] }));

/** "Payment terms" with its choices, for the forms that keep their fields in state (cart, counter). */
export function PaymentTermsSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: PaymentTerms;
  onChange: (terms: PaymentTerms) => void;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {OFFER_FORM.paymentTerms}
      </label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as PaymentTerms)}
        options={OPTIONS}
      />
    </div>
  );
}
