import { DISPLAY_TIME_ZONE } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { listingDailyStats, listings, listingViews } from '../../db/schema/index.ts';

// Product-page views, counted in batches (decision 160). Writing each view as it happened cost
// every product page a database round trip and a row lock on the listing, the largest part of its
// time under load. Each API instance now keeps the views of the last moment in memory and writes
// them once a second in one statement. The per-viewer-per-hour rule still holds across instances
// because the proof is the (listing, viewer, hour) row in listing_views, exactly as before: the
// batch inserts those rows with ON CONFLICT DO NOTHING and counts only the ones it created.

/** How often the views of the last moment are written. */
export const FLUSH_EVERY_MS = 1_000;
/**
 * Views held at most between two writes. Past it a view is dropped and counted (a view count is
 * not worth unbounded memory while the database is slow or down); at ~150 bytes a view, 20,000
 * hold about 3 MB.
 */
export const MAX_PENDING_VIEWS = 20_000;

interface PendingView {
  listingId: string;
  viewer: string;
  /** When it was seen: the hour and the day it counts for, whatever moment the batch is written. */
  seenAt: Date;
}

const HOUR_MS = 3_600_000;

/**
 * Days of daily views a listing keeps: the insights show 30, and a year and a month lets a seller
 * compare with the same month last year. Older days are forgotten when the listing is next viewed.
 */
export const DAILY_VIEWS_KEPT_DAYS = 400;

/**
 * The rows of one batch as PostgreSQL array literals, one per column (for unnest). Listing ids are
 * uuids and viewer keys `user:<uuid>`/`anon:<hex>`, but each element is quoted anyway so that no
 * value could ever split the array.
 */
function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/**
 * Writes one batch: inserts the proof rows, and from exactly the rows that were new, bumps each
 * listing's views_count and its Pacific day's views. Past hours' proof rows of these listings are
 * pruned on the way (so the table holds little more than the current hour), and so are their daily
 * views older than DAILY_VIEWS_KEPT_DAYS (so that table grows with the listings, not with time).
 * One statement, so its parts commit together: a crash loses at most the views of the last moment,
 * never half a batch.
 * Views of a listing deleted meanwhile are left out rather than failing the batch on its foreign key.
 */
export async function writeViews(db: Db, views: PendingView[]): Promise<void> {
  if (views.length === 0) return;
  const ids = arrayLiteral(views.map((view) => view.listingId));
  const viewers = arrayLiteral(views.map((view) => view.viewer));
  const seen = arrayLiteral(views.map((view) => view.seenAt.toISOString()));
  await db.execute(sql`
    WITH incoming AS (
      SELECT v.listing_id, v.viewer_key, date_trunc('hour', v.seen_at) AS hour
      FROM unnest(${ids}::uuid[], ${viewers}::text[], ${seen}::timestamptz[]) AS v(listing_id, viewer_key, seen_at)
      WHERE EXISTS (SELECT 1 FROM ${listings} WHERE ${listings.id} = v.listing_id)
    ), pruned AS (
      DELETE FROM ${listingViews}
      WHERE ${listingViews.listingId} IN (SELECT listing_id FROM incoming)
        AND ${listingViews.hour} < date_trunc('hour', now())
    ), forgotten_days AS (
      DELETE FROM ${listingDailyStats}
      WHERE ${listingDailyStats.listingId} IN (SELECT listing_id FROM incoming)
        AND ${listingDailyStats.day} < (now() AT TIME ZONE ${DISPLAY_TIME_ZONE})::date - ${DAILY_VIEWS_KEPT_DAYS}::int
    ), counted AS (
      INSERT INTO ${listingViews} (listing_id, viewer_key, hour)
      SELECT listing_id, viewer_key, hour FROM incoming
      ON CONFLICT DO NOTHING
      RETURNING listing_id, hour
    ), per_listing AS (
      UPDATE ${listings} SET views_count = views_count + c.views
      FROM (SELECT listing_id, count(*)::int AS views FROM counted GROUP BY listing_id) AS c
      WHERE ${listings.id} = c.listing_id
    )
    INSERT INTO ${listingDailyStats} (listing_id, day, views)
    SELECT listing_id, (hour AT TIME ZONE ${DISPLAY_TIME_ZONE})::date, count(*)::int FROM counted GROUP BY 1, 2
    ON CONFLICT (listing_id, day) DO UPDATE SET views = ${listingDailyStats}.views + excluded.views`);
}

export class ViewCounter {
  private pending = new Map<string, PendingView>();
  private running: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  /** Views dropped because the buffer was full, since the instance started. */
  dropped = 0;
  private droppedReported = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly capacity = MAX_PENDING_VIEWS,
  ) {}

  /**
   * Notes a view, to be written with the next batch. Repeats within the batch (same listing, viewer
   * and hour) are folded here already; repeats across batches and instances by the proof rows.
   */
  record(listingId: string, viewer: string, seenAt = new Date()): void {
    const hour = Math.floor(seenAt.getTime() / HOUR_MS);
    const key = `${listingId} ${viewer} ${hour}`;
    if (this.pending.has(key)) return;
    if (this.pending.size >= this.capacity) {
      this.dropped++;
      return;
    }
    this.pending.set(key, { listingId, viewer, seenAt });
  }

  /** Views noted and not yet written. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * Writes every view noted so far; resolves once they are in the database (tests call it instead
   * of waiting for the timer). Batches are written one at a time, in order. A failed batch is
   * logged and dropped, never thrown: it is the product page's side effect, not its answer.
   */
  flush(): Promise<void> {
    this.running = this.running.then(() => this.writeBatch());
    return this.running;
  }

  private async writeBatch(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await writeViews(this.db, batch);
    } catch (error) {
      this.log.error({ err: error, views: batch.length }, 'product views: a batch could not be written');
    }
    if (this.dropped > this.droppedReported) {
      this.log.warn({ dropped: this.dropped - this.droppedReported }, 'product views: dropped, buffer full');
      this.droppedReported = this.dropped;
    }
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (the app calls it on close, before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}

export function startViewCounter(app: FastifyInstance): ViewCounter {
  const { ctx } = app;
  const counter = new ViewCounter(ctx.database.db, ctx.log);
  app.addHook('onReady', async () => counter.start());
  app.addHook('onClose', async () => counter.stop());
  return counter;
}
