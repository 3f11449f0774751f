import type { ProductFacetCountsDto, ProductListQuery } from '@canopy/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { type ChangeFeed, listenTo } from '../../../lib/listen.ts';
import { searchTerms, tsQuery } from '../search.ts';
import { INDEX_FACETS, presentCounts } from './facets.ts';
import {
  type Changes,
  changesSince,
  forgetOldRemovals,
  idsMatching,
  oldestRunning,
  publicListings,
} from './source.ts';
import { type IndexQuery, SearchIndex } from './store.ts';
import { wordTree } from './words.ts';

// One instance's catalog search: the index, read from the database at start, and kept current.
// Before each search the index reads what changed since it last looked (one query for concurrent
// searches, decision 254), so a search sees every change committed before it began, whichever
// instance made it, and a reconnected or restarted instance misses nothing. The catalog's change
// notifications (canopy_catalog) make an idle instance read changes as they commit, so the searches
// that follow rarely find any.

const CHANNEL = 'canopy_catalog';
/** How often the listening connection is proven alive, and changes read even if none was heard. */
const CHECK_EVERY_MS = 25_000;
const FORGET_EVERY_MS = 60 * 60_000;

export interface SearchAnswer {
  ids: string[];
  total: number;
  facets: ProductFacetCountsDto;
}

export class CatalogSearch {
  private index: SearchIndex;
  private since = 0;
  /** The last read's snapshot (null after a full read, whose batches each had their own). */
  private seen: string | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private feed: ChangeFeed | null = null;
  private timer: NodeJS.Timeout | null = null;
  private forgotAt = 0;
  /** What the first read took, for the start log and decision 253. */
  loadedIn = 0;

  /**
   * `keptBytes`: how much of the match lists to keep between searches (see store.ts); the bench
   * sets 0 to measure every search as one after a change. `onChanges` hears every change read, before
   * the search that asked for it goes on (the shown products drop what it alters).
   */
  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { keptBytes?: number; onChanges?: (changes: Changes) => void } = {},
  ) {
    this.index = new SearchIndex({ keptBytes: options.keptBytes });
  }

  get size(): number {
    return this.index.docs.visibleCount;
  }

  /** Reads the whole public catalog, then listens for changes. */
  async start(): Promise<void> {
    const began = performance.now();
    await this.load();
    this.loadedIn = performance.now() - began;
    this.log.info(
      {
        listings: this.index.docs.visibleCount,
        terms: this.index.postings.terms,
        postings: this.index.postings.entries,
        typedMB: Math.round(this.index.typedBytes() / 1e6),
        ms: Math.round(this.loadedIn),
      },
      'catalog search index loaded',
    );
    this.feed = listenTo(
      this.database,
      this.log,
      { channel: CHANNEL, name: 'catalog-search' },
      {
        onPayload: () => void this.fresh().catch(() => {}),
        onResync: () => void this.fresh().catch(() => {}),
      },
    );
    await this.feed.start();
    const feed = this.feed;
    this.timer = setInterval(() => {
      void feed.check();
      void this.fresh().catch((error: unknown) =>
        this.log.warn({ err: error }, 'catalog search catch-up failed'),
      );
    }, CHECK_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.feed?.stop();
    await this.running?.catch(() => {});
  }

  private async load(): Promise<void> {
    const db = this.database.db;
    const index = new SearchIndex({ keptBytes: this.options.keptBytes });
    // Taken first: a listing changed while the catalog is read is read again by the next catch-up.
    const since = await oldestRunning(db);
    for await (const batch of publicListings(db)) index.apply(batch, true);
    index.loaded();
    this.index = index;
    this.since = since;
    this.seen = null;
  }

  /**
   * Resolves once the index holds every change committed before the call. Calls made while a read
   * is under way share the next one (which starts after it, so it sees their changes).
   */
  fresh(): Promise<void> {
    if (!this.running) {
      this.running = this.catchUp().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.fresh();
      });
    return this.queued;
  }

  private async catchUp(): Promise<void> {
    const db = this.database.db;
    const changes = await changesSince(db, this.since, this.seen);
    this.options.onChanges?.(changes);
    if (changes.emptied) {
      await this.load();
      return;
    }
    this.index.remove(changes.removed);
    // A listing that is not public and was never in the index stays out of it.
    this.index.apply(
      changes.listings.filter((doc) => doc.visible || this.index.docs.slotOf(doc.id) !== undefined),
    );
    this.since = changes.next;
    this.seen = changes.snapshot;
    if (Date.now() - this.forgotAt > FORGET_EVERY_MS) {
      this.forgotAt = Date.now();
      await forgetOldRemovals(db);
    }
  }

  /** One page of the public catalog, its exact total and its facet counts. */
  async search(q: ProductListQuery): Promise<SearchAnswer> {
    await this.fresh();
    const db = this.database.db;
    const terms = q.query ? searchTerms(q.query) : null;
    const query: IndexQuery = { ...q, words: terms ? await wordTree(db, terms) : null };
    if (terms && query.words?.kind === 'unsupported') {
      const ids = await idsMatching(db, tsQuery(terms));
      query.wordSlots = Uint32Array.from(
        ids.flatMap((id) => {
          const slot = this.index.docs.slotOf(id);
          return slot === undefined ? [] : [slot];
        }),
      ).sort();
    }
    // The words as PostgreSQL reads them, and every filter's fields: what the matches depend on.
    const key = JSON.stringify([
      terms,
      INDEX_FACETS.flatMap((facet) => facet.fields.map((field) => q[field] ?? null)),
    ]);
    const { ids, total, counts } = this.index.find(query, key, q.sort, (q.page - 1) * q.limit, q.limit);
    return { ids, total, facets: presentCounts(counts) };
  }
}
