import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Every admin action: who, what, when, and the state before and after. Rows are only ever
 * inserted; a trigger in the migration refuses UPDATE and DELETE, so the trail cannot be rewritten
 * through the application or by a mistaken query. No foreign keys: the trail must outlive what it
 * describes (a deleted listing stays named here).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey(),
    /** Null when the system acted on its own (an account locked after failed sign-ins). */
    adminId: uuid('admin_id'),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    /** Why the actor did it, in their words (required for moderation actions; see issue 10). */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt.desc(), table.id),
    index('admin_audit_log_target_idx').on(table.targetId, table.createdAt.desc()),
  ],
);

export type AuditRow = typeof adminAuditLog.$inferSelect;
