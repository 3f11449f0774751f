import type { CompanyActivityDto } from '@canopy/shared';
import { and, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminAuditLog, type UserRow, users } from '../../db/schema/index.ts';
import { type AuditAction, recordAdminAction } from '../audit/index.ts';

// Every member action goes to the one audit trail under the person who acted (their login), with
// the company as its target, so admins see it beside everything else and the company page reads
// its own slice by the trail's target index (decision 207).

export type CompanyAction = Extract<AuditAction, `company.${string}`>;

export async function recordMemberAction(
  tx: Db,
  actor: Pick<UserRow, 'id' | 'email'>,
  companyId: string,
  action: CompanyAction,
  subject: string,
  details: Record<string, unknown>,
  before: Record<string, unknown> | null = null,
): Promise<void> {
  await recordAdminAction(tx, actor, {
    action,
    targetType: 'company',
    targetId: companyId,
    targetLabel: subject,
    before,
    after: details,
  });
}

const ACTIVITY_LIMIT = 100;

/** The company's member actions, newest first, each under the name the actor has today. */
export async function companyActivity(db: Db, companyId: string): Promise<CompanyActivityDto[]> {
  const rows = await db
    .select({ entry: adminAuditLog, contactName: users.contactName })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    .where(and(eq(adminAuditLog.targetId, companyId), like(adminAuditLog.action, 'company.%')))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(ACTIVITY_LIMIT);
  return rows.map(({ entry, contactName }) => ({
    _id: entry.id,
    action: entry.action,
    actor: { userId: entry.adminId, email: entry.adminEmail, contactName: contactName ?? '' },
    subject: entry.targetLabel,
    details: entry.after,
    createdAt: entry.createdAt.toISOString(),
  }));
}
