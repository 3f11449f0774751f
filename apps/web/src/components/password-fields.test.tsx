import { resetPasswordSchema, VALIDATION } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, test, vi } from 'vitest';
import type { z } from 'zod';
import { PasswordFields } from './password-fields.tsx';

type ResetInput = z.input<typeof resetPasswordSchema>;
type Reset = z.output<typeof resetPasswordSchema>;

function ResetForm({
  label,
  onValid,
}: {
  label: 'Password' | 'New password';
  onValid: (reset: Reset) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetInput, unknown, Reset>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token: 'abc', password: '', confirmPassword: '' },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <PasswordFields
        register={register}
        errors={errors}
        name="password"
        label={label}
        hint="At least 6 characters."
      />
      <button type="submit">Save</button>
    </form>
  );
}

/** The text a screen reader reads after a field's name: its hint and its error. */
const description = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

async function submit(password: string, confirmation: string) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('PasswordFields', () => {
  test('a new password and its confirmation, labelled after the form, both required and new-password', () => {
    render(<ResetForm label="New password" onValid={() => {}} />);
    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    for (const field of [password, confirm]) {
      expect(field.getAttribute('type')).toBe('password');
      expect(field.getAttribute('autocomplete')).toBe('new-password');
      expect(field.getAttribute('aria-required')).toBe('true');
    }
    expect(description(password)).toBe('At least 6 characters.');
  });

  test('registration says "Password" and "Confirm password"', () => {
    render(<ResetForm label="Password" onValid={() => {}} />);
    screen.getByLabelText('Password');
    screen.getByLabelText('Confirm password');
  });

  test('a short password is refused beside the password field', async () => {
    const onValid = vi.fn();
    render(<ResetForm label="New password" onValid={onValid} />);
    await submit('abc', 'abc');

    await screen.findByText(VALIDATION.passwordTooShort);
    const password = screen.getByLabelText('New password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(description(password)).toBe(`At least 6 characters. | ${VALIDATION.passwordTooShort}`);
    expect(onValid).not.toHaveBeenCalled();
  });

  test('a confirmation that differs is refused beside the confirmation field', async () => {
    const onValid = vi.fn();
    render(<ResetForm label="New password" onValid={onValid} />);
    await submit('secret-one', 'secret-two');

    await screen.findByText(VALIDATION.passwordsDoNotMatch);
    expect(description(screen.getByLabelText('Confirm new password'))).toBe(VALIDATION.passwordsDoNotMatch);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
    expect(onValid).not.toHaveBeenCalled();
  });

  test('matching passwords go through', async () => {
    const onValid = vi.fn();
    render(<ResetForm label="New password" onValid={onValid} />);
    await submit('secret-one', 'secret-one');

    await vi.waitFor(() => expect(onValid).toHaveBeenCalledOnce());
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      token: 'abc',
      password: 'secret-one',
      confirmPassword: 'secret-one',
    });
  });
});
