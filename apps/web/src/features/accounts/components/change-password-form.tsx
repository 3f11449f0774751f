import { changePasswordSchema, PROFILE } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordFields } from '@/components/password-fields.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { notify, notifyFailure } from '@/lib/toast.ts';
import { changePassword } from '../api/profile-api.ts';

type ChangePasswordInput = z.input<typeof changePasswordSchema>;
type ChangePassword = z.output<typeof changePasswordSchema>;

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput, unknown, ChangePassword>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = async (input: ChangePassword) => {
    try {
      await changePassword(input);
      notify.success(PROFILE.passwordChanged);
      reset(EMPTY);
    } catch (error) {
      notifyFailure(error, PROFILE.changePasswordFailed);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="max-w-md space-y-5">
      <FormField
        id="currentPassword"
        label="Current password"
        error={errors.currentPassword?.message}
        required
      >
        {(a11y) => (
          <Input type="password" autoComplete="current-password" {...a11y} {...register('currentPassword')} />
        )}
      </FormField>
      <PasswordFields
        register={register}
        errors={errors}
        name="newPassword"
        label="New password"
        hint="At least 6 characters."
        className="space-y-5"
      />
      <Button type="submit" isLoading={isSubmitting}>
        {isSubmitting ? 'Changing…' : 'Change password'}
      </Button>
    </form>
  );
}
