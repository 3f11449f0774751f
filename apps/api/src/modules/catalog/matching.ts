import type { ProductFilterQuery } from '@canopy/shared';
import { and, desc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings, PUBLIC_LISTING } from '../../db/schema/index.ts';
import { facetConditions } from './facets.ts';
import { searchTerms, tsQuery } from './search.ts';

// Which public listings a set of catalog filters matches among those that entered the catalog in
// a window: the saved-search alerts' question (decision 150). The conditions are the catalog's
// own (listProducts'): its public predicate, the category, the words as the same tsquery and the
// same facet conditions, so an alert names exactly what the catalog would show for the same
// filters. The window is short, so the first-public index narrows first and the rest are tested
// row by row.

export interface NewListingMatch {
  id: string;
  firstPublicAt: Date;
}

export async function publicListingsMatching(
  db: Db,
  filters: ProductFilterQuery,
  window: { after: Date; until: Date; limit: number },
): Promise<NewListingMatch[]> {
  const conditions: SQL[] = [
    PUBLIC_LISTING,
    gt(listings.firstPublicAt, window.after),
    lte(listings.firstPublicAt, window.until),
  ];
  if (filters.category) conditions.push(eq(listings.category, filters.category));
  const terms = filters.query ? searchTerms(filters.query) : null;
  if (terms) conditions.push(sql`${listings.search} @@ ${tsQuery(terms)}`);
  for (const facet of facetConditions(filters)) conditions.push(facet.condition);
  const rows = await db
    .select({ id: listings.id, firstPublicAt: listings.firstPublicAt })
    .from(listings)
    .where(and(...conditions))
    .orderBy(desc(listings.firstPublicAt), desc(listings.id))
    .limit(window.limit);
  return rows.flatMap((row) => (row.firstPublicAt ? [{ id: row.id, firstPublicAt: row.firstPublicAt }] : []));
}
