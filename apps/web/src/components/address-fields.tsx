import { CALIFORNIA_COUNTIES, PROFILE_STATES } from '@canopy/shared';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { errorAt, FormField } from '@/components/ui/form-field.tsx';
import { FormSection } from '@/components/ui/form-section.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { cn } from '@/lib/cn.ts';

interface AddressFieldsProps<T extends FieldValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Where the address sits in the form's values, e.g. "address" or "profile.address". */
  prefix: string;
  /** Registration needs every line; a profile needs only the ZIP code. */
  allRequired?: boolean;
  /** A profile also records the state. */
  withState?: boolean;
}

/** The business address block of registration and of the profile, with the same labels in both. */
export function AddressFields<T extends FieldValues>({
  register,
  errors,
  prefix,
  allRequired = false,
  withState = false,
}: AddressFieldsProps<T>) {
  const field = (name: string) => {
    const path = `${prefix}.${name}` as Path<T>;
    return {
      id: path,
      error: errorAt(errors, path),
      registration: register(path),
    };
  };
  const street = field('street');
  const city = field('city');
  const county = field('county');
  // Registered only when shown: a registration address has no state to send.
  const state = withState ? field('state') : null;
  const zipCode = field('zipCode');

  return (
    <FormSection title="Business address">
      <FormField id={street.id} label="Street address" error={street.error} required={allRequired}>
        {(a11y) => <Input autoComplete="street-address" {...a11y} {...street.registration} />}
      </FormField>
      <div className={cn('grid gap-4', withState ? 'sm:grid-cols-2' : 'sm:grid-cols-3')}>
        <FormField id={city.id} label="City" error={city.error} required={allRequired}>
          {(a11y) => <Input autoComplete="address-level2" {...a11y} {...city.registration} />}
        </FormField>
        <FormField id={county.id} label="County" error={county.error} required={allRequired}>
          {(a11y) => (
            <Select
              options={CALIFORNIA_COUNTIES}
              placeholder="Select a county"
              {...a11y}
              {...county.registration}
            />
          )}
        </FormField>
        {state && (
          <FormField id={state.id} label="State" error={state.error}>
            {(a11y) => <Select options={PROFILE_STATES} {...a11y} {...state.registration} />}
          </FormField>
        )}
        <FormField id={zipCode.id} label="ZIP code" error={zipCode.error} required>
          {(a11y) => (
            <Input
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              {...a11y}
              {...zipCode.registration}
            />
          )}
        </FormField>
      </div>
    </FormSection>
  );
}
