import type { FieldErrors } from 'react-hook-form';
import { describe, expect, test } from 'vitest';
import { errorAt } from './form-field.tsx';

describe('errorAt', () => {
  const errors = {
    password: { type: 'too_small', message: 'Password must be at least 8 characters' },
    profile: { address: { city: { type: 'required', message: 'City is required' } } },
  } as unknown as FieldErrors;

  test('finds a top-level field’s message and a nested one by its dotted path', () => {
    expect(errorAt(errors, 'password')).toBe('Password must be at least 8 characters');
    expect(errorAt(errors, 'profile.address.city')).toBe('City is required');
  });

  test('is undefined for a field with no error, however deep the path', () => {
    expect(errorAt(errors, 'email')).toBeUndefined();
    expect(errorAt(errors, 'profile.address.zipCode')).toBeUndefined();
    expect(errorAt(errors, 'profile.phone.number.extra')).toBeUndefined();
  });
});
