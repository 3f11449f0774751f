import type { BuyerCompanyDto } from '@canopy/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { isBusinessRow } from '../../lib/business-rows.ts';

// The seller's lookup of buyer companies to put in a group: verified buyers only, by business name,
// and nothing but the name and id (no address, license or contact leaves through it).

const LOOKUP_LIMIT = 20;

/** LIKE's own characters in typed text are literal. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export async function lookupBuyers(db: Db, query: string | undefined): Promise<BuyerCompanyDto[]> {
  const words = query?.trim() ?? '';
  if (words.length < 2) return [];
  const rows = await db
    .select({ companyId: users.id, businessName: users.businessName })
    .from(users)
    .where(
      and(
        eq(users.role, 'buyer'),
        eq(users.status, 'verified'),
        isBusinessRow(),
        sql`lower(${users.businessName}) LIKE ${`%${escapeLike(words.toLowerCase())}%`}`,
      ),
    )
    .orderBy(asc(users.businessName), asc(users.id))
    .limit(LOOKUP_LIMIT);
  return rows;
}
