import type { CompanyRole } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { companies, companyMembers, type UserRow } from '../../src/db/schema/index.ts';
import { insertUser } from '../../src/seed/factories.ts';
import { signIn, type TestApp } from './test-app.ts';

/**
 * A second login acting for an existing company with the given role, signed in: what accepting an
 * invitation leaves behind (the login's own company of one is dissolved into the membership).
 */
export async function memberOf(
  test: TestApp,
  company: UserRow,
  role: CompanyRole,
  seed: { contactName?: string; email?: string } = {},
): Promise<{ user: UserRow; token: string }> {
  const login = await insertUser(test.db, { role: company.role, ...seed });
  await test.db.delete(companyMembers).where(eq(companyMembers.userId, login.id));
  await test.db.delete(companies).where(eq(companies.id, login.id));
  await test.db
    .insert(companyMembers)
    .values({ userId: login.id, companyId: company.id, role, addedBy: company.id });
  return { user: login, token: await signIn(test.app, login.email, 'password123') };
}
