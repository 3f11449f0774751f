import {
  ACCOUNT_SECURITY,
  LICENSE_TYPES,
  PROFILE_LICENSE_TYPES,
  type ProfileUpdate,
  type ProfileUpdateInput,
  profileUpdateSchema,
  VALIDATION,
} from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { AddressFields } from '@/components/address-fields.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { FormSection } from '@/components/ui/form-section.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { notify } from '@/lib/toast.ts';
import { type ProfileUser, profileFormValues } from '../api/profile-api.ts';
import { useSaveProfile } from '../api/use-save-profile.ts';
import { CheckedFieldsWarning, PendingChangeNotice } from './checked-fields-notice.tsx';

/**
 * The profile screen offers the short license readings (SPEC §3: both occur); a registration
 * value such as "Adult-Use Retail" stays selectable so saving never silently changes it.
 */
function licenseTypeOptions(current: string): string[] {
  const options: string[] = [...PROFILE_LICENSE_TYPES];
  if (LICENSE_TYPES.includes(current) && !options.includes(current)) options.unshift(current);
  return options;
}

export function ProfileInformationForm({ user }: { user: ProfileUser }) {
  const save = useSaveProfile();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    values: profileFormValues(user),
    resetOptions: { keepDirtyValues: true },
  });
  const profileErrors = errors.profile;
  // A new e-mail address needs the current password in the same request (decision 060).
  const emailChanging = (watch('email') ?? '').trim().toLowerCase() !== user.email;

  const onSubmit = (update: ProfileUpdate) => {
    const changing = update.email !== user.email;
    if (changing && !update.currentPassword) {
      setError('currentPassword', { message: VALIDATION.currentPasswordRequired });
      notify.validationError(VALIDATION.fixFormErrors);
      return;
    }
    const { currentPassword, ...rest } = update;
    save.mutate(changing ? { ...rest, currentPassword } : rest);
  };
  const onInvalid = () => notify.validationError(VALIDATION.fixFormErrors);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} className="space-y-8">
      <FormSection title="Contact">
        <FormField id="email" label="Email" error={errors.email?.message} required>
          {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...register('email')} />}
        </FormField>
        {user.pendingEmail && (
          <Alert tone="info">{ACCOUNT_SECURITY.emailChangePending(user.pendingEmail)}</Alert>
        )}
        {emailChanging && (
          <FormField
            id="currentPassword"
            label="Current password"
            hint={ACCOUNT_SECURITY.emailChangePasswordHint}
            error={errors.currentPassword?.message}
            required
          >
            {(a11y) => (
              <Input
                type="password"
                autoComplete="current-password"
                {...a11y}
                {...register('currentPassword')}
              />
            )}
          </FormField>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="profile.contactName"
            label="Contact name"
            error={profileErrors?.contactName?.message}
            required
          >
            {(a11y) => <Input autoComplete="name" {...a11y} {...register('profile.contactName')} />}
          </FormField>
          <FormField id="profile.phone" label="Phone" error={profileErrors?.phone?.message}>
            {(a11y) => <Input type="tel" autoComplete="tel" {...a11y} {...register('profile.phone')} />}
          </FormField>
        </div>
      </FormSection>

      <FormSection title="Business and license">
        <PendingChangeNotice user={user} />
        <FormField
          id="profile.businessName"
          label="Business name"
          error={profileErrors?.businessName?.message}
          required
        >
          {(a11y) => <Input autoComplete="organization" {...a11y} {...register('profile.businessName')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="profile.licenseNumber"
            label="License number"
            error={profileErrors?.licenseNumber?.message}
            required
          >
            {(a11y) => (
              <Input placeholder="C11-0000123-LIC" {...a11y} {...register('profile.licenseNumber')} />
            )}
          </FormField>
          <FormField
            id="profile.licenseType"
            label="License type"
            error={profileErrors?.licenseType?.message}
            required
          >
            {(a11y) => (
              <Select
                options={licenseTypeOptions(user.profile.licenseType)}
                placeholder="Select a license type"
                {...a11y}
                {...register('profile.licenseType')}
              />
            )}
          </FormField>
        </div>
        <CheckedFieldsWarning user={user} edited={watch('profile')} />
      </FormSection>

      <AddressFields register={register} errors={errors} prefix="profile.address" withState />

      <Button type="submit" isLoading={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save changes'}
      </Button>
    </form>
  );
}
