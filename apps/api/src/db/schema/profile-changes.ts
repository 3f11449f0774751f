import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * A verified trader's new business name, license number or license type, held until an admin
 * approves it (decision 082). At most one per account: a new request replaces the old one. The
 * users row keeps the approved values meanwhile, so the catalog and badges never show unchecked
 * ones. A decided request is deleted; the audit trail keeps the decision.
 */
export const pendingProfileChanges = pgTable(
  'pending_profile_changes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    licenseNumber: text('license_number').notNull(),
    licenseType: text('license_type').notNull(),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
  },
  (table) => [index('pending_profile_changes_requested_idx').on(table.requestedAt)],
);

export type PendingProfileChangeRow = typeof pendingProfileChanges.$inferSelect;
