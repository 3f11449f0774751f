import type { Db } from '../../db/client.ts';
import { companies, companyMembers } from '../../db/schema/index.ts';

/**
 * Makes a new buyer or seller account the owner of a company of one, whose id is the account's
 * own (decision 184). Called in the transaction that inserts the account, so no account is ever
 * without its company.
 */
export async function foundCompany(db: Db, userId: string): Promise<void> {
  await db.insert(companies).values({ id: userId });
  await db.insert(companyMembers).values({ userId, companyId: userId, role: 'owner' });
}
