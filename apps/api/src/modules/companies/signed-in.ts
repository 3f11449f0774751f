import { ROLE_PERMISSIONS, type UserDto } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyMembers, type UserRow, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/session.ts';
import { presentUser } from '../accounts/index.ts';

// What the app is told about the signed-in account (/auth/me, the profile, every sign-in answer):
// the business's User, whose `_id`, role, status and profile the app acts by, with the person's own
// address, name, settings and second factor, and their place in the company (decision 205). For a
// company of one the two rows are the same and only `member` is new.

export function presentSignedIn(auth: Pick<SessionUser, 'user' | 'login' | 'member'>): UserDto {
  const business = presentUser(auth.user);
  if (!auth.member) return business;
  const person = presentUser(auth.login);
  return {
    ...business,
    email: person.email,
    emailVerified: person.emailVerified,
    lastLogin: person.lastLogin,
    profile: { ...business.profile, contactName: person.profile.contactName },
    notificationSettings: person.notificationSettings,
    twoFactorEnabled: person.twoFactorEnabled,
    member: { userId: auth.login.id, role: auth.member.role, permissions: [...auth.member.permissions] },
  };
}

/** The same for a login that has just signed in, read as its next request's session will read it. */
export async function presentLogin(db: Db, login: UserRow): Promise<UserDto> {
  if (login.role === 'admin') return presentUser(login);
  const [row] = await db
    .select({
      company: users,
      role: companyMembers.role,
      orderLimit: companyMembers.orderLimit,
      requireTwoFactor: companies.requireTwoFactor,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .innerJoin(users, eq(users.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, login.id))
    .limit(1);
  if (!row) return presentUser(login);
  return presentSignedIn({
    user: row.company,
    login,
    member: {
      companyId: row.company.id,
      role: row.role,
      permissions: ROLE_PERMISSIONS[row.role],
      orderLimit: row.orderLimit === null ? null : Number(row.orderLimit),
      requireTwoFactor: row.requireTwoFactor,
    },
  });
}
