import type { UserDto } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { notificationSettingsUpdate, profileFormValues } from './profile-api.ts';

const user: UserDto = {
  _id: 'u1',
  email: 'buyer@example.com',
  role: 'buyer',
  status: 'verified',
  emailVerified: true,
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  profile: {
    businessName: 'Green Buyer',
    contactName: 'Ana',
    phone: '',
    licenseNumber: 'C10-0000001-LIC',
    licenseType: 'Adult-Use Retail',
    licenseDocument: '/api/files/license',
    address: { street: '1 Main St', city: 'Eureka', county: 'Humboldt', state: '', zipCode: '95501' },
  },
  notificationSettings: {
    newMessages: true,
    listingInterest: true,
    marketingEmails: false,
    weeklyDigest: false,
  },
  notificationEmails: {
    offers: true,
    orders: true,
    invoices: true,
    account: true,
    savedSearches: true,
    watchlist: true,
    wanted: true,
    samples: true,
  },
  twoFactorEnabled: false,
};

describe('the profile as PUT /auth/profile takes it', () => {
  test('re-sends what the server returned, California when no state is stored, no document path', () => {
    const { licenseDocument: _documentPath, ...sent } = user.profile;
    expect(profileFormValues(user)).toEqual({
      email: 'buyer@example.com',
      profile: { ...sent, address: { ...sent.address, state: 'CA' } },
    });
  });

  test('saving the notification settings sends the same profile with the new settings', () => {
    const settings = {
      newMessages: false,
      listingInterest: true,
      marketingEmails: true,
      weeklyDigest: false,
    };
    expect(notificationSettingsUpdate(user, settings)).toEqual({
      ...profileFormValues(user),
      notificationSettings: settings,
    });
  });
});
