import {
  accountAddresses,
  type accountContracts,
  type NotificationEmailsDto,
  type NotificationSettingsDto,
  type ProfileResponse,
  type ProfileUpdate,
  type ProfileUpdateInput,
  type RouteBody,
  type UserDto,
} from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';

export const profileQueryKey = ['profile'] as const;

/** The profile's user plus a new sign-in address awaiting confirmation, if any (decision 060). */
export type ProfileUser = UserDto & Pick<ProfileResponse, 'pendingEmail'>;

const profileUser = (response: Pick<ProfileResponse, 'user' | 'pendingEmail'>): ProfileUser => ({
  ...response.user,
  pendingEmail: response.pendingEmail,
});

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: async ({ signal }) => profileUser(await call(accountAddresses.profile, { signal })),
  });

export async function updateProfile(update: ProfileUpdate): Promise<ProfileUser> {
  return profileUser(await call(accountAddresses.updateProfile, { body: update }));
}

/** The profile as the server last returned it, in the shape PUT /auth/profile takes. */
export function profileFormValues(user: UserDto) {
  const { profile } = user;
  return {
    email: user.email,
    profile: {
      businessName: profile.businessName ?? '',
      contactName: profile.contactName ?? '',
      phone: profile.phone ?? '',
      licenseNumber: profile.licenseNumber ?? '',
      licenseType: profile.licenseType ?? '',
      address: {
        street: profile.address?.street ?? '',
        city: profile.address?.city ?? '',
        county: profile.address?.county ?? '',
        state: profile.address?.state || 'CA',
        zipCode: profile.address?.zipCode ?? '',
      },
    },
  } satisfies ProfileUpdateInput;
}

/**
 * PUT /auth/profile always takes the whole profile, so saving only the notification settings
 * re-sends the profile as the server last returned it.
 */
export function notificationSettingsUpdate(
  user: UserDto,
  settings: NotificationSettingsDto,
  emails?: NotificationEmailsDto,
): ProfileUpdate {
  return {
    ...profileFormValues(user),
    notificationSettings: settings,
    ...(emails ? { notificationEmails: emails } : {}),
  };
}

export async function changePassword(
  input: RouteBody<typeof accountContracts.changePassword>,
): Promise<void> {
  await call(accountAddresses.changePassword, { body: input });
}
