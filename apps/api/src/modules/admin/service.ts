import { ADMIN, type UserStatus } from '@canopy/shared';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import { recordAdminAction } from '../audit/service.ts';
import { accountStatusEmail } from '../auth/emails.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { syncSellerStatus } from '../listings/seller-sync.ts';
import { canTransition } from './user-status.ts';

export interface UserListQuery {
  page: number;
  limit: number;
  status?: UserStatus;
  role?: UserRow['role'];
  query?: string;
}

export async function listUsers(ctx: AppContext, q: UserListQuery) {
  const { db } = ctx.database;
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(users.status, q.status));
  if (q.role) filters.push(eq(users.role, q.role));
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
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * Applies one of SPEC §4's transitions. Suspension ends the user's sessions and the audit entry is
 * written in the same transaction, and so is the e-mail telling the user (queued: it goes out only
 * if the change commits).
 */
export async function changeUserStatus(
  ctx: AppContext,
  admin: Pick<UserRow, 'id' | 'email'>,
  userId: string,
  status: UserStatus,
) {
  const updated = await ctx.database.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!user) throw notFound(ADMIN.userNotFound);
    if (user.id === admin.id) throw badRequest(ADMIN.ownStatus);
    if (!canTransition(user.status, status)) throw badRequest(ADMIN.transitionRefused(user.status, status));
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
      after: { status },
    });
    const saved = row ?? user;
    await ctx.mailer.enqueue(
      tx,
      accountStatusEmail(saved.email, saved.contactName, status, ctx.config.appUrl),
    );
    return saved;
  });
  ctx.mailer.kick();
  return updated;
}
