import { type auditFilters, DISPLAY_TIME_ZONE } from '@canopy/shared';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type AuditRow, adminAuditLog } from '../../db/schema/audit.ts';
import { csvDocument } from '../../lib/csv.ts';
import { isUuid } from '../../lib/ids.ts';
import { escapeLike } from '../../lib/sql.ts';

// Finding entries in the audit trail (issue 10 item 7); the filters' schema is `auditFilters` in
// `@canopy/shared`. Dates are calendar days in Pacific time, the time the trail is shown in.

export type AuditFilters = z.output<typeof auditFilters>;

export function auditWhere(filters: AuditFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.actor) conditions.push(ilike(adminAuditLog.adminEmail, `%${escapeLike(filters.actor)}%`));
  if (filters.target) {
    const label = ilike(adminAuditLog.targetLabel, `%${escapeLike(filters.target)}%`);
    conditions.push(isUuid(filters.target) ? or(eq(adminAuditLog.targetId, filters.target), label) : label);
  }
  if (filters.action) conditions.push(eq(adminAuditLog.action, filters.action));
  const pacificDay = sql`(${adminAuditLog.createdAt} AT TIME ZONE ${DISPLAY_TIME_ZONE})::date`;
  if (filters.from) conditions.push(sql`${pacificDay} >= ${filters.from}::date`);
  if (filters.to) conditions.push(sql`${pacificDay} <= ${filters.to}::date`);
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length ? and(...present) : undefined;
}

/** The most rows one CSV export carries; narrow the filters for more. */
export const AUDIT_EXPORT_LIMIT = 50_000;

export async function auditRowsForExport(db: Db, filters: AuditFilters): Promise<AuditRow[]> {
  return db
    .select()
    .from(adminAuditLog)
    .where(auditWhere(filters))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(AUDIT_EXPORT_LIMIT);
}

const COLUMNS = [
  'created_at',
  'actor',
  'action',
  'target_type',
  'target_id',
  'target_label',
  'before',
  'after',
  'reason',
  'license_check',
];

function licenseCheckWords(after: Record<string, unknown> | null): string {
  const check = after?.licenseCheck as { clear?: boolean; flags?: string[] } | undefined;
  if (!check) return '';
  return check.clear ? 'clear' : (check.flags ?? []).join(' ');
}

export function auditCsv(rows: readonly AuditRow[]): string {
  return csvDocument(
    COLUMNS,
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.adminEmail,
      row.action,
      row.targetType,
      row.targetId,
      row.targetLabel,
      row.before,
      row.after,
      row.reason,
      licenseCheckWords(row.after),
    ]),
  );
}
