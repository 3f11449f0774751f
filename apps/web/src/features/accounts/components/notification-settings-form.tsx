import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_EMAIL_SWITCHES,
  NOTIFICATION_SWITCH_TEXTS,
  type NotificationEmailsDto,
  type NotificationSettingsDto,
  type UserDto,
} from '@canopy/shared';
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

interface Values {
  notificationSettings: NotificationSettingsDto;
  notificationEmails: NotificationEmailsDto;
}

export function NotificationSettingsForm({ user }: { user: UserDto }) {
  const save = useSaveProfile();
  // Nested under the payload's field names, so the inputs' names match them.
  const { register, handleSubmit } = useForm<Values>({
    values: {
      notificationSettings: { ...NOTIFICATION_DEFAULTS, ...user.notificationSettings },
      notificationEmails: user.notificationEmails,
    },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = ({ notificationSettings, notificationEmails }: Values) =>
    save.mutate(notificationSettingsUpdate(user, notificationSettings, notificationEmails));

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
      {/* Beyond SPEC's four (decision 251): every notice still shows under the bell. */}
      <fieldset className="space-y-5">
        <legend className="mb-2 text-base font-semibold text-slate-900">
          E-mail these notifications too
        </legend>
        {NOTIFICATION_EMAIL_SWITCHES.map((name) => (
          <Checkbox
            key={name}
            id={`notificationEmails.${name}`}
            label={NOTIFICATION_SWITCH_TEXTS[name].label}
            description={NOTIFICATION_SWITCH_TEXTS[name].description}
            {...register(`notificationEmails.${name}`)}
          />
        ))}
      </fieldset>
      <Button type="submit" isLoading={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save preferences'}
      </Button>
    </form>
  );
}
