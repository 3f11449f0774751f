import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { errorAt, FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';

const CONFIRM = 'confirmPassword';

interface PasswordFieldsProps<T extends FieldValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The new password's field; its repetition is always `confirmPassword` (the shared schemas check both). */
  name: Path<T>;
  /** "Password" on registration, "New password" where one is replaced; the second field repeats it. */
  label: 'Password' | 'New password';
  hint?: string;
  /** Lays the pair out: side by side or one above the other. */
  className?: string;
}

/**
 * A new password and its confirmation. The form's schema decides what is valid, so registration,
 * reset and change say the same texts; these fields only show them beside the right box.
 */
export function PasswordFields<T extends FieldValues>({
  register,
  errors,
  name,
  label,
  hint,
  className,
}: PasswordFieldsProps<T>) {
  return (
    <div className={className}>
      <FormField id={name} label={label} hint={hint} error={errorAt(errors, name)} required>
        {(a11y) => <Input type="password" autoComplete="new-password" {...a11y} {...register(name)} />}
      </FormField>
      <FormField
        id={CONFIRM}
        label={`Confirm ${label.toLowerCase()}`}
        error={errorAt(errors, CONFIRM)}
        required
      >
        {(a11y) => (
          <Input type="password" autoComplete="new-password" {...a11y} {...register(CONFIRM as Path<T>)} />
        )}
      </FormField>
    </div>
  );
}
