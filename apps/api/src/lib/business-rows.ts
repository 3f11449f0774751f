import { or, type SQL, sql } from 'drizzle-orm';
import { companies, users } from '../db/schema/index.ts';

// A `users` row is a business when it is a company's row (decision 201): its id is a company's.
// A member's own login (an invited person, or a founder who left their company of one to join
// another) is a `users` row too, with an empty or stale profile, and must never be counted, listed,
// reviewed, searched or checked as a business (decision 205).

/** The row is a buyer's or seller's business, not a member's login. */
export const isBusinessRow = (): SQL =>
  sql`exists (select 1 from ${companies} where ${companies.id} = ${users.id})`;

/** The row is a business or an admin: every account an admin's user list shows. */
export const isBusinessOrAdminRow = (): SQL => or(sql`${users.role} = 'admin'`, isBusinessRow()) as SQL;
