import { NOTIFICATION_DEFAULTS, type NotificationSettingsDto, type UserDto } from '@canopy/shared';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { notificationSettingsUpdate } from '../api/profile-api.ts';
import { useSaveProfile } from '../api/use-save-profile.ts';

const SETTINGS: { name: keyof NotificationSettingsDto; label: string; description: string }[] = [
  {
    name: 'newMessages',
    label: 'New Messages',
    description: 'An e-mail when another business sends you a message.',
  },
  {
    name: 'listingInterest',
    label: 'Listing Interest',
    description: 'An e-mail when a buyer shows interest in one of your listings.',
  },
  {
    name: 'marketingEmails',
    label: 'Marketing Emails',
    description: 'News about Canopy features and offers.',
  },
  {
    name: 'weeklyDigest',
    label: 'Weekly Digest',
    description: 'A weekly summary of new listings and activity on your account.',
  },
];

export function NotificationSettingsForm({ user }: { user: UserDto }) {
  const save = useSaveProfile();
  // Nested under notificationSettings so the inputs' names match the payload's field names.
  const { register, handleSubmit } = useForm<{ notificationSettings: NotificationSettingsDto }>({
    values: { notificationSettings: { ...NOTIFICATION_DEFAULTS, ...user.notificationSettings } },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = ({ notificationSettings }: { notificationSettings: NotificationSettingsDto }) =>
    save.mutate(notificationSettingsUpdate(user, notificationSettings));

  return (
    <form onSubmit={handleSubmit(onSubmit)} className="space-y-6">
      <fieldset className="space-y-5">
        <legend className="mb-2 text-base font-semibold text-slate-900">Send me an e-mail about</legend>
        {SETTINGS.map((setting) => (
          <Checkbox
            key={setting.name}
            id={`notificationSettings.${setting.name}`}
            label={setting.label}
            description={setting.description}
            {...register(`notificationSettings.${setting.name}`)}
          />
        ))}
      </fieldset>
      <Button type="submit" isLoading={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save preferences'}
      </Button>
    </form>
  );
}
