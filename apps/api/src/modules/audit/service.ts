import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AuditRow, adminAuditLog } from '../../db/schema/audit.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { type AuditFilters, auditWhere } from './audit-query.ts';

export type AuditAction =
  | 'user.status'
  | 'listing.activate'
  | 'listing.deactivate'
  | 'listing.delete'
  // Lifting a hide, and answering a seller's review request by keeping it (decision 075).
  | 'listing.restore'
  | 'listing.keep_hidden'
  | 'user.sign_in_slowed'
  | 'user.profile_change.approve'
  | 'user.profile_change.reject'
  // A license a company added beyond its main one (decision 209); the target is the company.
  | 'company_license.approve'
  | 'company_license.reject'
  // Deals (issue 14): the actor is the login who made the move for the buyer or seller (the
  // member, issue 28); expiry is the system's.
  | 'offer.create'
  | 'offer.counter'
  | 'offer.accept'
  | 'offer.decline'
  | 'offer.withdraw'
  // An offer above its maker's order limit, approved by the buying company's owner or manager.
  | 'offer.approve'
  | 'offer.expire'
  | 'order.schedule'
  | 'order.ship'
  | 'order.fulfil'
  | 'order.complete'
  | 'order.cancel'
  // A corrected invoice before transit (issue 23): the target is the order.
  | 'invoice.correct'
  // Companies (issue 28): the actor is the member who acted, the target their company.
  | 'company.invite'
  | 'company.invite_revoke'
  | 'company.join'
  | 'company.role'
  | 'company.order_limit'
  | 'company.remove'
  | 'company.transfer'
  | 'company.security'
  // API keys (issue 24): made and revoked by a member; each write a key makes, under the key's name.
  | 'company.api_key_create'
  | 'company.api_key_revoke'
  | 'company.api_key_write'
  // Webhooks (issue 24): subscriptions made and deleted by a member.
  | 'company.webhook_create'
  | 'company.webhook_delete';

export interface AuditEntry {
  action: AuditAction;
  targetType: 'user' | 'listing' | 'offer' | 'order' | 'company';
  targetId: string;
  targetLabel: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The actor's reason in their words, when the action takes one. */
  reason?: string | null;
}

/**
 * Records an action; call it inside the transaction that makes the change. The actor is an admin,
 * or for deals the buyer or seller who moved (the trail's admin_* columns name whoever acted).
 */
export async function recordAdminAction(tx: Db, admin: Pick<UserRow, 'id' | 'email'>, entry: AuditEntry) {
  await tx
    .insert(adminAuditLog)
    .values({ id: uuidv7(), adminId: admin.id, adminEmail: admin.email, ...entry });
}

/** The actor name of entries the system makes on its own (admin_id is null for them). */
export const SYSTEM_ACTOR = 'system';

/** Records something the system did by itself, such as slowing down sign-ins to an account. */
export async function recordSystemAction(tx: Db, entry: AuditEntry) {
  await tx.insert(adminAuditLog).values({ id: uuidv7(), adminId: null, adminEmail: SYSTEM_ACTOR, ...entry });
}

/**
 * Records what an API key did (decision 222): the actor is the key, named as people gave it, not the
 * member who made it, so the trail tells a person's act from their integration's.
 */
export async function recordKeyAction(tx: Db, keyLabel: string, entry: AuditEntry) {
  await tx.insert(adminAuditLog).values({ id: uuidv7(), adminId: null, adminEmail: keyLabel, ...entry });
}

export async function listAuditEntries(db: Db, page: number, limit: number, filters: AuditFilters = {}) {
  const where = auditWhere(filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(adminAuditLog).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Everything done to one target, newest first (a listing's moderation history). */
export function listAuditEntriesForTarget(db: Db, targetId: string, limit = 100) {
  return db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, targetId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
}

export function presentAuditEntry(row: AuditRow) {
  return {
    _id: row.id,
    admin: { _id: row.adminId, email: row.adminEmail },
    reason: row.reason,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  };
}
