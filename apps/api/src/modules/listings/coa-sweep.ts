import { and, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/index.ts';
import { periodicTask, runWithApp } from '../../lib/periodic-task.ts';
import { coaAllowsListing } from './state-record.ts';

// A COA turns 12 months old without anyone writing the lot, so the catalog learns it from this
// sweep (decision 212): every hour it takes out of the catalog the listed lots whose COA has
// expired on today's Pacific date. Hourly rather than daily, so a lot leaves within the hour after
// Pacific midnight whenever the server started; a run that finds nothing is one indexed query.
// The write that sets is_active is what withholds: the gate trigger marks the lot withheld, and the
// catalog's change trigger empties the page cache.

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Takes every listed lot whose COA no longer allows it out of the catalog; answers how many. */
export async function withholdExpiredLots(db: Db): Promise<number> {
  const rows = await db
    .update(listings)
    .set({ isActive: false, coaWithheld: true })
    .where(
      and(
        // The index's own predicate, written as it is, so the planner can use it.
        sql`${listings.isActive}`,
        // Only COAs over 11 months old can have expired: the partial index listings_active_coa_idx.
        lte(
          listings.coaTestedAt,
          sql`((now() AT TIME ZONE 'America/Los_Angeles')::date - interval '11 months')::date`,
        ),
        sql`NOT ${coaAllowsListing}`,
      ),
    )
    .returning({ id: listings.id });
  return rows.length;
}

export function startCoaSweep(app: FastifyInstance): void {
  const ctx: AppContext = app.ctx;
  const task = periodicTask({
    log: ctx.log,
    intervalMs: SWEEP_EVERY_MS,
    failure: 'COA expiry sweep failed',
    run: async () => {
      const withheld = await withholdExpiredLots(ctx.database.db);
      if (withheld > 0) ctx.log.info({ withheld }, 'lots with an expired COA left the catalog');
    },
  });
  runWithApp(app, task);
}
