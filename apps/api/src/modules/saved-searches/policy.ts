import { SAVED_SEARCHES } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedSearches } from '../../db/schema/index.ts';
import { authorizeFound, definePolicy, ownerRelation } from '../../lib/policy.ts';

// Who may change a saved search (issue 27 item 18): only the person who saved it. Another
// person's search, an admin's look included, is "not found", never "forbidden", so ids reveal
// nothing (decision 150). Reading is the list of one's own, which names its owner in the query.

const OWNER_ONLY = { owner: 'allow', admin: 'hide', other: 'hide' } as const;

export const savedSearchPolicy = definePolicy({
  resource: 'saved search',
  notFound: SAVED_SEARCHES.notFound,
  relations: ['owner', 'admin', 'other'],
  rules: { rename: OWNER_ONLY, delete: OWNER_ONLY },
});

export type SavedSearchCaller = { id: string; role: string };

/** Throws unless the caller may take this action on the saved search. */
export async function authorizeSavedSearch(
  db: Db,
  caller: SavedSearchCaller,
  id: string,
  action: keyof typeof savedSearchPolicy.rules,
): Promise<void> {
  const [row] = await db
    .select({ userId: savedSearches.userId })
    .from(savedSearches)
    .where(eq(savedSearches.id, id))
    .limit(1);
  authorizeFound(savedSearchPolicy, action, row, (found) => ownerRelation(caller, found.userId));
}
