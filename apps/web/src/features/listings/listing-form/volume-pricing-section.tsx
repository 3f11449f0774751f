import { PRICE_TIERS, PRICE_TIERS_MAX } from '@canopy/shared';
import { errorAt, FormField } from '@/components/ui/form-field.tsx';
import { FormSection } from '@/components/ui/form-section.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { ListingFormState, PriceTierRow } from './form-values.ts';
import { RowList } from './row-list.tsx';

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
    formState: { errors },
  } = form;

  return (
    <FormSection title={PRICE_TIERS.sectionTitle}>
      <p id="listing-tiers-hint" className="text-sm text-slate-600">
        {PRICE_TIERS.sectionHint}
      </p>
      <RowList
        form={form}
        name="price_tiers"
        max={PRICE_TIERS_MAX}
        newRow={() => ({ ...EMPTY_ROW })}
        addLabel={PRICE_TIERS.addTier}
        addDescribedBy="listing-tiers-hint"
        removeLabel={PRICE_TIERS.removeTier}
        // A refusal of the whole table (too many, no asking price) rather than of one row's field.
        error={errorAt(errors, 'price_tiers') ?? errorAt(errors, 'price_tiers.root')}
      >
        {(index, position) => (
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
        )}
      </RowList>
    </FormSection>
  );
}
