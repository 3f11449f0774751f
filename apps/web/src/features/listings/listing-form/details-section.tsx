import { DESCRIPTION_MAX, TITLE_MAX } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { Controller, type UseFormRegisterReturn } from 'react-hook-form';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { productTypesQueryOptions } from '../api/listings-api.ts';
import { AiEnhanceButton } from '../components/ai-enhance-button.tsx';
import { CharacterCounter } from '../components/character-counter.tsx';
import type { ListingFormState } from './form-values.ts';

/** Title and description share a layout: the label row carries the AI Enhance button. */
function WithEnhance({
  children,
  ...enhance
}: ComponentProps<typeof AiEnhanceButton> & { children: ReactNode }) {
  return (
    <div className="relative">
      {children}
      <div className="absolute -top-1.5 right-0">
        <AiEnhanceButton {...enhance} />
      </div>
    </div>
  );
}

/** An optional cannabinoid percentage (THC or CBD), 0 to 100 in steps of 0.01. */
function PercentField({
  id,
  label,
  error,
  registration,
}: {
  id: string;
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} hint="Optional, 0 to 100." error={error}>
      {(a11y) => (
        <Input type="number" inputMode="decimal" min={0} max={100} step={0.01} {...a11y} {...registration} />
      )}
    </FormField>
  );
}

/** What the lot is and where: SPEC §2's fields from title to quantity. */
export function DetailsSection({ form }: { form: ListingFormState }) {
  const {
    register,
    control,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const productTypes = useQuery(productTypesQueryOptions());
  const title = watch('title');
  const description = watch('description');
  // An accepted suggestion counts as the seller's edit: checked and marked changed like typing.
  const acceptEnhancement = (field: 'title' | 'description') => (enhanced: string) =>
    setValue(field, enhanced, { shouldValidate: true, shouldDirty: true });

  return (
    <Card className="space-y-5 p-5 sm:p-6">
      <WithEnhance field="title" value={title} onAccept={acceptEnhancement('title')}>
        <FormField
          id="listing-title"
          label="Title"
          required
          error={errors.title?.message}
          hint={<CharacterCounter length={title.length} max={TITLE_MAX} warnAbove={80} dangerAbove={90} />}
        >
          {(a11y) => <Input maxLength={TITLE_MAX} autoComplete="off" {...a11y} {...register('title')} />}
        </FormField>
      </WithEnhance>

      <WithEnhance field="description" value={description} onAccept={acceptEnhancement('description')}>
        <FormField
          id="listing-description"
          label="Description"
          required
          error={errors.description?.message}
          hint={
            <CharacterCounter
              length={description.length}
              max={DESCRIPTION_MAX}
              warnAbove={1700}
              dangerAbove={1900}
            />
          }
        >
          {(a11y) => <Textarea rows={6} maxLength={DESCRIPTION_MAX} {...a11y} {...register('description')} />}
        </FormField>
      </WithEnhance>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="listing-product-type"
          label="Product type"
          required
          error={errors.product_type?.message}
        >
          {(a11y) => (
            // Controlled: the options arrive after the form's values, and an uncontrolled select
            // would have dropped an edited listing's type for want of its option.
            <Controller
              control={control}
              name="product_type"
              render={({ field }) => (
                <Select
                  options={(productTypes.data ?? []).map((type) => type.name)}
                  placeholder={productTypes.isPending ? 'Loading product types…' : 'Select a product type'}
                  {...a11y}
                  {...field}
                  disabled={productTypes.isPending}
                />
              )}
            />
          )}
        </FormField>
        <FormField id="listing-strain" label="Strain" hint="Optional." error={errors.strain?.message}>
          {(a11y) => <Input autoComplete="off" {...a11y} {...register('strain')} />}
        </FormField>
      </div>
      {productTypes.isError && (
        <Alert tone="error">
          The product types could not be loaded.{' '}
          <Button variant="secondary" size="sm" onClick={() => void productTypes.refetch()}>
            Try again
          </Button>
        </Alert>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <PercentField
          id="listing-thc"
          label="THC %"
          error={errors.thc_content?.message}
          registration={register('thc_content')}
        />
        <PercentField
          id="listing-cbd"
          label="CBD %"
          error={errors.cbd_content?.message}
          registration={register('cbd_content')}
        />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="listing-zip" label="ZIP code" required error={errors.zip_code?.message}>
          {(a11y) => (
            <Input
              inputMode="numeric"
              maxLength={5}
              autoComplete="postal-code"
              {...a11y}
              {...register('zip_code')}
            />
          )}
        </FormField>
        <FormField
          id="listing-quantity"
          label="Quantity (lbs)"
          hint="At least 0.01 lbs."
          required
          error={errors.quantity_lbs?.message}
        >
          {(a11y) => (
            <Input
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              {...a11y}
              {...register('quantity_lbs')}
            />
          )}
        </FormField>
      </div>
    </Card>
  );
}
