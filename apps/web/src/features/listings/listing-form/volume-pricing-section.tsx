import { PRICE_TIERS, PRICE_TIERS_MAX } from '@canopy/shared';
import { Button } from '@/components/ui/button.tsx';
import { errorAt, FormField } from '@/components/ui/form-field.tsx';
import { FormSection } from '@/components/ui/form-section.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { ListingFormState, PriceTierRow } from './form-values.ts';
import { RemoveRowButton } from './remove-row-button.tsx';

const EMPTY_ROW: PriceTierRow = { fromLbs: '', pricePerLb: '' };

/**
 * Volume pricing (issue 25, decision 233): up to five rows of "from N lbs, $X per lb" under the
 * asking price. The shared schema checks them here as the server does (increasing pounds, falling
 * prices, each below the asking price), so every row's error reads the same on both sides. Shown
 * only while the lot has an asking price: a make-an-offer lot has none to lower.
 */
export function VolumePricingSection({ form }: { form: ListingFormState }) {
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const rows = watch('price_tiers');
  const setRows = (next: PriceTierRow[]) => setValue('price_tiers', next, { shouldDirty: true });
  // A refusal of the whole table (too many, no asking price) rather than of one row's field.
  const tableError = errorAt(errors, 'price_tiers') ?? errorAt(errors, 'price_tiers.root');

  return (
    <FormSection title={PRICE_TIERS.sectionTitle}>
      <p id="listing-tiers-hint" className="text-sm text-slate-600">
        {PRICE_TIERS.sectionHint}
      </p>
      {rows.map((_row, index) => {
        const position = index + 1;
        return (
          // Rows have no identity beyond their place: removing one renumbers the rest.
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the row's only identity
          <div key={index} className="flex items-start gap-2">
            <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-2">
              <FormField
                id={`listing-tier-${position}-from`}
                label={PRICE_TIERS.fromLabel(position)}
                error={errorAt(errors, `price_tiers.${index}.fromLbs`)}
              >
                {(a11y) => (
                  <Input
                    inputMode="decimal"
                    autoComplete="off"
                    {...a11y}
                    {...register(`price_tiers.${index}.fromLbs`)}
                  />
                )}
              </FormField>
              <FormField
                id={`listing-tier-${position}-price`}
                label={PRICE_TIERS.priceLabel(position)}
                error={errorAt(errors, `price_tiers.${index}.pricePerLb`)}
              >
                {(a11y) => (
                  <Input
                    inputMode="decimal"
                    autoComplete="off"
                    {...a11y}
                    {...register(`price_tiers.${index}.pricePerLb`)}
                  />
                )}
              </FormField>
            </div>
            <RemoveRowButton
              label={PRICE_TIERS.removeTier(position)}
              onRemove={() => setRows(rows.filter((_, at) => at !== index))}
            />
          </div>
        );
      })}
      {tableError && (
        <p className="text-sm text-red-700" role="alert">
          {tableError}
        </p>
      )}
      {rows.length < PRICE_TIERS_MAX && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-describedby="listing-tiers-hint"
          onClick={() => setRows([...rows, { ...EMPTY_ROW }])}
        >
          {PRICE_TIERS.addTier}
        </Button>
      )}
    </FormSection>
  );
}
