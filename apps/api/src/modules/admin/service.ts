import {
  ADMIN,
  type LicenseCheck,
  type LicenseFilter,
  REVIEW,
  statusReasonNeeded,
  type UserStatus,
} from '@canopy/shared';
import { and, count, desc, eq, exists, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { pendingProfileChanges, type UserRow, users } from '../../db/schema/index.ts';
import { isBusinessOrAdminRow } from '../../lib/business-rows.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import { usersWithPendingChange } from '../accounts/index.ts';
import { recordAdminAction } from '../audit/index.ts';
import { accountStatusEmail, endUserSessions } from '../auth/index.ts';
import { licenseCheck, licenseVerdict } from '../licenses/index.ts';
import { syncSellerStatus } from '../listings/index.ts';
import { notifyStatusChange } from './status-notice.ts';
import { licenseChecksFor, matchesLicenseFilter } from './user-license-checks.ts';
import { countCatalogListings } from './user-review.ts';
import { canTransition } from './user-status.ts';

export interface UserListQuery {
  page: number;
  limit: number;
  status?: UserStatus;
  role?: UserRow['role'];
  query?: string;
  license?: LicenseFilter;
  profileChange?: 'pending';
}

/**
 * One page of users, newest first, each trader with its license check. The check is computed
 * from the registry when read (decision 080), so a license filter reads every account matching
 * the other filters and pages in memory.
 */
export async function listUsers(ctx: AppContext, q: UserListQuery) {
  const { db } = ctx.database;
  // Members' own logins are people, not accounts under review (decision 205).
  const filters: SQL[] = [isBusinessOrAdminRow()];
  if (q.status) filters.push(eq(users.status, q.status));
  if (q.role) filters.push(eq(users.role, q.role));
  if (q.license) filters.push(ne(users.role, 'admin'));
  if (q.profileChange) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(pendingProfileChanges)
          .where(eq(pendingProfileChanges.userId, users.id)),
      ),
    );
  }
  if (q.query) {
    const pattern = `%${escapeLike(q.query)}%`;
    const match = or(
      ilike(users.email, pattern),
      ilike(users.businessName, pattern),
      ilike(users.contactName, pattern),
      ilike(users.licenseNumber, pattern),
    );
    if (match) filters.push(match);
  }
  const where = filters.length ? and(...filters) : undefined;
  const newestFirst = [desc(users.createdAt), desc(users.id)];
  const offset = (q.page - 1) * q.limit;

  if (q.license) {
    const filter = q.license;
    const candidates = await db
      .select()
      .from(users)
      .where(where)
      .orderBy(...newestFirst);
    const checks = await licenseChecksFor(db, candidates);
    const matching = candidates.filter((row) => matchesLicenseFilter(checks.get(row.id), filter));
    const rows = matching.slice(offset, offset + q.limit);
    return { rows: await withReviewState(db, rows, checks), total: matching.length };
  }
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...newestFirst)
      .limit(q.limit)
      .offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const checks = await licenseChecksFor(db, rows);
  return { rows: await withReviewState(db, rows, checks), total: totals?.total ?? 0 };
}

async function withReviewState(db: Db, rows: UserRow[], checks: Map<string, LicenseCheck>) {
  const waiting = await usersWithPendingChange(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    row,
    licenseCheck: checks.get(row.id) ?? null,
    pendingProfileChange: waiting.has(row.id),
  }));
}

/**
 * Applies one of SPEC §4's transitions with the admin's reason (decision 081). Everything is
 * decided on the locked row inside one transaction: the license verdict an approval rests on,
 * whether a reason is needed, the listings a suspension takes out of the catalog. The audit entry
 * keeps the reason, that verdict and that count; the e-mail telling the user is queued in the same
 * transaction, so it goes out only if the change commits.
 */
export async function changeUserStatus(
  ctx: AppContext,
  admin: Pick<UserRow, 'id' | 'email'>,
  userId: string,
  status: UserStatus,
  reason: string | null,
) {
  const updated = await ctx.database.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!user) throw notFound(ADMIN.userNotFound);
    if (user.id === admin.id) throw badRequest(ADMIN.ownStatus);
    if (!canTransition(user.status, status))
      throw badRequest(ADMIN.transitionRefused(user.status, status), { code: 'status_change_refused' });
    const verdict = status === 'verified' && user.role !== 'admin' ? await licenseVerdict(tx, user) : null;
    const check = verdict && licenseCheck(verdict);
    if (!reason && statusReasonNeeded(user.status, status, check)) {
      throw check && !check.clear
        ? badRequest(REVIEW.approvalNeedsReason, { licenseCheck: check })
        : badRequest(REVIEW.reasonRequired);
    }
    const leavingCatalog = status === 'suspended' ? await countCatalogListings(tx, userId) : null;
    const [row] = await tx
      .update(users)
      .set({ status, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (status === 'suspended') await endUserSessions(tx, userId);
    await syncSellerStatus(tx, userId, status);
    await recordAdminAction(tx, admin, {
      action: 'user.status',
      targetType: 'user',
      targetId: user.id,
      targetLabel: user.email,
      before: { status: user.status },
      after: {
        status,
        ...(verdict && check ? { license: verdict, licenseCheck: check } : {}),
        ...(leavingCatalog !== null ? { listingsHidden: leavingCatalog } : {}),
      },
      reason,
    });
    const saved = row ?? user;
    await notifyStatusChange(tx, user.id, status, reason);
    await ctx.mailer.enqueue(
      tx,
      accountStatusEmail(saved.email, saved.contactName, status, ctx.config.appUrl, reason),
    );
    return saved;
  });
  ctx.mailer.kick();
  return updated;
}
