import type { LicenseHolder } from './account-review.ts';
import type { Role, UserStatus } from './constants.ts';

// Wire shapes the API sends and the web app reads (SPEC §3).

export interface AddressDto {
  street: string;
  city: string;
  county: string;
  state: string;
  zipCode: string;
}

export interface UserProfileDto {
  businessName: string;
  contactName: string;
  phone: string;
  licenseNumber: string;
  licenseType: string;
  /** API path of the license document, readable only by its owner and admins; null when none. */
  licenseDocument: string | null;
  address: AddressDto;
}

export interface NotificationSettingsDto {
  newMessages: boolean;
  listingInterest: boolean;
  marketingEmails: boolean;
  weeklyDigest: boolean;
}

export interface UserDto {
  _id: string;
  email: string;
  role: Role;
  status: UserStatus;
  emailVerified: boolean;
  lastLogin: string | null;
  createdAt: string;
  profile: UserProfileDto;
  notificationSettings: NotificationSettingsDto;
}

export interface FailureBody {
  success: false;
  error: string;
  message: string;
  [extra: string]: unknown;
}

export type NameMatchLevel = 'exact' | 'close' | 'partial' | 'none';

/** What the admin sees beside a user's license: its format, and what the state registry says. */
export interface LicenseVerdict {
  licenseNumber: string;
  format: { recognised: boolean; kind: string | null; warning: string | null };
  registry:
    | { found: false }
    | {
        found: true;
        status: string;
        active: boolean;
        licenseType: string;
        legalName: string;
        dbaName: string;
        county: string;
        /** Calendar dates, YYYY-MM-DD. */
        issuedOn: string | null;
        expiresOn: string | null;
        expired: boolean;
        nameMatch: { score: number; level: NameMatchLevel; matchedOn: 'legal' | 'dba' };
      };
  /** Other accounts registered with the same license number. */
  duplicates: LicenseHolder[];
}
