import type {
  NotificationSettingsDto,
  ProfileResponse,
  ProfileUpdate,
  ProfileUpdatedResponse,
  UserDto,
} from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export const profileQueryKey = ['profile'] as const;

/** The profile's user plus a new sign-in address awaiting confirmation, if any (decision 060). */
export type ProfileUser = UserDto & Pick<ProfileResponse, 'pendingEmail'>;

const profileUser = (response: ProfileResponse): ProfileUser => ({
  ...response.user,
  pendingEmail: response.pendingEmail,
});

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: async () => profileUser(await apiRequest<ProfileResponse>('/auth/profile')),
  });

export async function updateProfile(update: ProfileUpdate): Promise<ProfileUser> {
  return profileUser(
    await apiRequest<ProfileUpdatedResponse>('/auth/profile', { method: 'PUT', body: update }),
  );
}

/**
 * PUT /auth/profile always takes the whole profile, so saving only the notification settings
 * re-sends the profile as the server last returned it.
 */
export function notificationSettingsUpdate(user: UserDto, settings: NotificationSettingsDto): ProfileUpdate {
  const { profile } = user;
  return {
    email: user.email,
    profile: {
      businessName: profile.businessName,
      contactName: profile.contactName,
      phone: profile.phone ?? '',
      licenseNumber: profile.licenseNumber,
      licenseType: profile.licenseType,
      address: {
        street: profile.address?.street ?? '',
        city: profile.address?.city ?? '',
        county: profile.address?.county ?? '',
        state: profile.address?.state || 'CA',
        zipCode: profile.address?.zipCode ?? '',
      },
    },
    notificationSettings: settings,
  };
}

export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword?: string;
}): Promise<void> {
  await apiRequest('/auth/change-password', { method: 'POST', body: input });
}
