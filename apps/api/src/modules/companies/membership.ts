import { COMPANY, type Permission, roleForbids } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyMembers, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Membership, owesSecondFactor, type SessionUser } from '../../lib/session.ts';

/** A caller who acts for a company, with the membership that says how. */
export type MemberCaller = SessionUser & { member: Membership };

/**
 * Lets a member through when their role holds the permission; admins (no company), members who
 * still owe the second factor their company requires, and roles without the permission get a 403
 * naming what is missing.
 */
export function requireMember(auth: SessionUser, permission: Permission): MemberCaller {
  if (!auth.member) throw new AppError('FORBIDDEN', COMPANY.adminsHaveNone);
  if (owesSecondFactor(auth)) throw new AppError('FORBIDDEN', COMPANY.twoFactorRequired);
  if (!auth.member.permissions.includes(permission)) {
    throw new AppError('FORBIDDEN', roleForbids(auth.member.role, permission));
  }
  return auth as MemberCaller;
}

/**
 * Refuses to sign in a buyer's or seller's login that belongs to no company (a removed member):
 * its session could do nothing, so it is told why instead (decision 206).
 */
export async function assertBelongsToACompany(db: Db, login: UserRow): Promise<void> {
  if (login.role === 'admin') return;
  const [found] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, login.id))
    .limit(1);
  if (!found) throw new AppError('FORBIDDEN', COMPANY.noCompany);
}
