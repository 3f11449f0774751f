import { COMPANY_ROLES } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, timestamptz } from './columns.ts';
import { statusEnum, users } from './users.ts';

// Companies and the logins that act for them (issue 28, decision 184). A company's id is its
// founding login's id, and that row keeps the business profile (name, license, address, review
// status): the company table holds only what is the company's alone.

export const companyRoleEnum = pgEnum('company_role', COMPANY_ROLES);

export const companies = pgTable('companies', {
  id: belongsTo('id', () => users.id).primaryKey(),
  /** Set by an owner: every member must sign in with a second factor before acting. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  createdAt: createdAt(),
});

/** One company per login: a login is a member of exactly one company, with one role. */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: belongsTo('user_id', () => users.id).primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
    role: companyRoleEnum('role').notNull(),
    /** A purchasing member's ceiling per offer, in dollars; above it a manager approves. */
    orderLimit: numeric('order_limit', { precision: 12, scale: 2 }),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('company_members_company_idx').on(table.companyId, table.role),
    check('company_members_order_limit_positive', sql`"order_limit" IS NULL OR "order_limit" > 0`),
  ],
);

/** A mailed invitation: single use, bound to the address, stored as a hash like every token. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
    email: text('email').notNull(),
    role: companyRoleEnum('role').notNull(),
    tokenHash: text('token_hash').notNull().unique('company_invitations_token_hash_key'),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('company_invitations_company_idx').on(table.companyId, table.createdAt),
    check('company_invitations_not_owner', sql`"role" <> 'owner'`),
  ],
);

/**
 * A license the company holds beyond its main one (decision 209), with its premises and document.
 * Each is checked against the registry and reviewed by an admin on its own, with the same statuses
 * as an account; the main license stays on the company's row (decision 201).
 */
export const companyLicenses = pgTable(
  'company_licenses',
  {
    id: uuid('id').primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
    licenseNumber: text('license_number').notNull(),
    licenseType: text('license_type').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    county: text('county').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    /** The private file store's key of the uploaded license document. */
    documentKey: text('document_key').notNull(),
    documentType: text('document_type').notNull(),
    status: statusEnum('status').notNull().default('pending'),
    /** The admin's reason when a rejection or an approval against the registry needed one. */
    reviewReason: text('review_reason'),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('company_licenses_company_idx').on(table.companyId, table.createdAt),
    index('company_licenses_status_idx').on(table.status, table.createdAt),
    // Who else holds a number is one lookup, as on users (migration 0008).
    index('company_licenses_number_idx').on(sql`upper(regexp_replace("license_number", '\s', '', 'g'))`),
  ],
);

export type CompanyLicenseRow = typeof companyLicenses.$inferSelect;
export type CompanyMemberRow = typeof companyMembers.$inferSelect;
