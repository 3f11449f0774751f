import type { NotificationSettingsDto, ProfileUpdate, UserDto } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const profileQueryKey = ['profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: async () => (await apiRequest<{ user: UserDto }>('/auth/profile')).user,
  });

export async function updateProfile(update: ProfileUpdate): Promise<UserDto> {
  const response = await apiRequest<{ user: UserDto }>('/auth/profile', { method: 'PUT', body: update });
  return response.user;
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
