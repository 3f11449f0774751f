import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, timestamptz } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * One notice to one member (decision 249): a notice is fanned out at write time to every member
 * of the company whose role may see its kind, so reading and counting are each member's own rows.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    /** The company the member saw it as: a member who moves company does not see it there. */
    companyId: belongsTo('company_id', () => companies.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    link: text('link').notNull(),
    /** The offer, order, listing or search it is about, for a later look-up; not shown. */
    subjectId: uuid('subject_id'),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (table) => [
    index('notifications_member_idx').on(
      table.userId,
      table.companyId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('notifications_unread_idx').on(table.userId, table.companyId).where(sql`${table.readAt} IS NULL`),
    index('notifications_created_idx').on(table.createdAt),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
