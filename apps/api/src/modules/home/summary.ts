import type { HomeSummaryDto } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { catalogCounts, users } from '../../db/schema/index.ts';

// The two numbers the home hero shows (issue 15). Both stay cheap at a million listings: live lots
// are the sum of the per-category counters the catalog's triggers keep (four rows, never a count
// of listings), and verified operators a count on the users (status, role, …) index. The home
// page is the most visited page, so one answer serves every visitor for a few seconds.

/** How long one answer is shown to everyone; a new lot or account appears within this. */
export const SUMMARY_MAX_AGE_MS = 5_000;

/** Both counts in one round trip: the users count rides along the sum of the catalog counters. */
export async function countSummary(db: Db): Promise<HomeSummaryDto> {
  const [row] = await db
    .select({
      verifiedOperators: sql<number>`(SELECT count(*) FROM ${users}
        WHERE ${users.status} = 'verified' AND ${users.role} IN ('buyer', 'seller'))`.mapWith(Number),
      liveLots: sql<number>`coalesce(sum(${catalogCounts.visibleListings}), 0)`.mapWith(Number),
    })
    .from(catalogCounts);
  return { verifiedOperators: row?.verifiedOperators ?? 0, liveLots: row?.liveLots ?? 0 };
}

interface Held {
  value: Promise<HomeSummaryDto>;
  expires: number;
}

/**
 * The summary, counted at most once per SUMMARY_MAX_AGE_MS per app instance; requests that come
 * while it is being counted share that count, and a failed count is not kept. With the catalog's
 * page cache turned off (CATALOG_CACHE_ENTRIES=0, as the tests run) every request counts afresh.
 */
export function heldHomeSummary(ctx: AppContext): (now?: number) => Promise<HomeSummaryDto> {
  let held: Held | null = null;
  return (now = Date.now()) => {
    if (ctx.config.catalogCacheEntries === 0) return countSummary(ctx.database.db);
    if (held && held.expires > now) return held.value;
    const entry: Held = { value: countSummary(ctx.database.db), expires: now + SUMMARY_MAX_AGE_MS };
    held = entry;
    entry.value.catch(() => {
      if (held === entry) held = null;
    });
    return entry.value;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The home hero's two numbers, shared by every visitor for a few seconds. */
    homeSummary: ReturnType<typeof heldHomeSummary>;
  }
}

export function installHomeSummary(app: FastifyInstance): void {
  app.decorate('homeSummary', heldHomeSummary(app.ctx));
}
