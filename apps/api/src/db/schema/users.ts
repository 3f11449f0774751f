import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { counter, createdAt, timestamptz } from './columns.ts';

export const roleEnum = pgEnum('user_role', ['admin', 'seller', 'buyer']);
export const statusEnum = pgEnum('user_status', ['pending', 'verified', 'rejected', 'suspended']);

// The profile is stored as columns, not JSON, so admins can search and filter on it with indexes.
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    /** A new sign-in address awaiting confirmation from its own mailbox; sign-in stays on `email`. */
    pendingEmail: text('pending_email'),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    status: statusEnum('status').notNull().default('pending'),
    emailVerified: boolean('email_verified').notNull().default(false),
    lastLogin: timestamptz('last_login'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    businessName: text('business_name').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    licenseNumber: text('license_number').notNull().default(''),
    licenseType: text('license_type').notNull().default(''),
    /** Storage key of the private license document; never a public URL. */
    licenseDocumentKey: text('license_document_key'),
    licenseDocumentType: text('license_document_type'),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    county: text('county').notNull().default(''),
    state: text('state').notNull().default('CA'),
    zipCode: text('zip_code').notNull().default(''),
    notifyNewMessages: boolean('notify_new_messages').notNull().default(true),
    notifyListingInterest: boolean('notify_listing_interest').notNull().default(true),
    notifyMarketingEmails: boolean('notify_marketing_emails').notNull().default(false),
    notifyWeeklyDigest: boolean('notify_weekly_digest').notNull().default(true),
    /** The e-mail switches per notification kind this login turned off; none by default (decision 251). */
    emailSwitchesOff: text('email_switches_off').array().notNull().default(sql`'{}'::text[]`),
    /** When the weekly digest last went out to this user (decision 158). */
    lastDigestAt: timestamptz('last_digest_at'),
    /** Verification e-mails re-sent on request, counted against VERIFICATION_RESEND_LIMIT. */
    verificationResends: counter('verification_resends'),
    /**
     * The authenticator key (base32). Set by the set-up and only in use once `twoFactorEnabledAt`
     * is set; until then it waits for its first code (decision 195).
     */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabledAt: timestamptz('two_factor_enabled_at'),
    /** The time step of the last code accepted: no code of it or an earlier step works again. */
    twoFactorLastStep: integer('two_factor_last_step'),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_created_at_idx').on(table.createdAt.desc(), table.id),
    index('users_status_role_idx').on(table.status, table.role, table.createdAt.desc()),
    index('users_business_name_lower_idx').on(sql`lower(${table.businessName})`),
    // Who else holds a license number (decision 080): the number as the registry writes it.
    index('users_license_number_norm_idx').on(
      sql`upper(regexp_replace(${table.licenseNumber}, '\\s', '', 'g'))`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
