import { render, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, test } from 'vitest';
import { AddressFields } from './address-fields.tsx';

interface Form {
  profile: { address: { street: string; city: string; county: string; state: string; zipCode: string } };
}

// A server-side error handed to the form, as a failed save would; a constant, since useForm
// applies its `errors` again whenever the object changes.
const ERRORS = {
  profile: { address: { zipCode: { type: 'format', message: 'ZIP code must be 5 digits' } } },
};
const DEFAULTS = { profile: { address: { street: '', city: '', county: '', state: 'CA', zipCode: '' } } };

function AddressForm({ allRequired, withState }: { allRequired?: boolean; withState?: boolean }) {
  const {
    register,
    formState: { errors },
  } = useForm<Form>({
    defaultValues: DEFAULTS,
    errors: ERRORS,
  });
  return (
    <AddressFields
      register={register}
      errors={errors}
      prefix="profile.address"
      allRequired={allRequired}
      withState={withState}
    />
  );
}

const required = (label: string) => screen.getByLabelText(label).getAttribute('aria-required') === 'true';

describe('AddressFields', () => {
  test('registration: a "Business address" group where every line is required, without a state', () => {
    render(<AddressForm allRequired />);
    const group = screen.getByRole('group', { name: 'Business address' });
    const labels = within(group)
      .getAllByText(/./, { selector: 'label' })
      .map((label) => label.textContent);
    expect(labels).toEqual(['Street address', 'City', 'County', 'ZIP code']);
    expect(['Street address', 'City', 'County', 'ZIP code'].every(required)).toBe(true);
  });

  test('profile: the state too, and only the ZIP code required', () => {
    render(<AddressForm withState />);
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('CA');
    expect(['Street address', 'City', 'County', 'State'].some(required)).toBe(false);
    expect(required('ZIP code')).toBe(true);
  });

  test('fields are named by their place in the form, and an error is said beside its field', () => {
    render(<AddressForm />);
    const zip = screen.getByLabelText('ZIP code');
    expect(zip.getAttribute('name')).toBe('profile.address.zipCode');
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(zip.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'ZIP code must be 5 digits',
    );
  });
});
