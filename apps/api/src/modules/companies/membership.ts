import { COMPANY, type Permission, roleForbids } from '@canopy/shared';
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
