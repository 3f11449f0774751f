import type { UserDto } from '@canopy/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { presentEmailSwitches } from '../notifications/index.ts';

export const licenseDocumentPath = (userId: string) => `/api/users/${userId}/license-document`;

/** The User of SPEC §3. A whitelist: the password hash and storage keys never leave. */
export function presentUser(row: UserRow): UserDto {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    emailVerified: row.emailVerified,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    profile: {
      businessName: row.businessName,
      contactName: row.contactName,
      phone: row.phone,
      licenseNumber: row.licenseNumber,
      licenseType: row.licenseType,
      licenseDocument: row.licenseDocumentKey ? licenseDocumentPath(row.id) : null,
      address: {
        street: row.street,
        city: row.city,
        county: row.county,
        state: row.state,
        zipCode: row.zipCode,
      },
    },
    notificationSettings: {
      newMessages: row.notifyNewMessages,
      listingInterest: row.notifyListingInterest,
      marketingEmails: row.notifyMarketingEmails,
      weeklyDigest: row.notifyWeeklyDigest,
    },
    notificationEmails: presentEmailSwitches(row),
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
  };
}
