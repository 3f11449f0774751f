import { Controller } from 'react-hook-form';
import { Card } from '@/components/ui/card.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { ListingFormState } from './form-values.ts';
import { VolumePricingSection } from './volume-pricing-section.tsx';

/**
 * Make-offer, the asking price and negotiable, with SPEC §2's rule that ties them together; volume
 * pricing below them while there is an asking price.
 */
export function PriceSection({ form }: { form: ListingFormState }) {
  const {
    register,
    control,
    watch,
    setValue,
    clearErrors,
    formState: { errors },
  } = form;
  const makeOffer = watch('make_offer');

  return (
    <Card className="space-y-5 p-5 sm:p-6">
      <Checkbox
        label="Make me an offer"
        description="Buyers send offers; no asking price is shown."
        {...register('make_offer', {
          // The hidden price must neither be sent nor block the form with an error no one can see.
          onChange: (event) => {
            if (event.target.checked) {
              setValue('asking_price', '');
              clearErrors('asking_price');
              // Tiers lower an asking price; a lot that takes offers has none (decision 233).
              setValue('price_tiers', []);
              clearErrors('price_tiers');
            }
          },
        })}
      />
      {!makeOffer && (
        <FormField
          id="listing-price"
          label="Asking price ($ per lb)"
          required
          error={errors.asking_price?.message}
        >
          {(a11y) => (
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              {...a11y}
              {...register('asking_price')}
            />
          )}
        </FormField>
      )}
      <Controller
        control={control}
        name="negotiable"
        render={({ field }) => (
          <Checkbox
            label="Price is negotiable"
            description={makeOffer ? 'Always on when you take offers.' : undefined}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            // SPEC §2: make-offer forces negotiable on and locks it.
            checked={makeOffer || field.value}
            disabled={makeOffer}
            onChange={(event) => field.onChange(event.target.checked)}
          />
        )}
      />
      {!makeOffer && <VolumePricingSection form={form} />}
    </Card>
  );
}
