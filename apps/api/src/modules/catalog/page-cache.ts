import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type ChangeFeed, listenTo } from '../messaging/index.ts';

// Public catalog answers are the same for every caller, and the same few pages (the home grid,
// the first pages of each category and of popular words) take most of the traffic. Each API
// instance keeps recent answers in memory and drops them all when the catalog changes: a trigger
// notifies `canopy_catalog` when a transaction that changes listings, their media or a seller's
// public details commits (migration 0009, decision 111). Concurrent requests for a page that is
// being loaded share that one load.

const CHANNEL = 'canopy_catalog';
/**
 * A safety net only: should the listener miss a change, no answer is served much past this. An
 * older answer is still served while one fresh load replaces it (refresh-ahead): otherwise every
 * busy page would expire, and go to the database, in the same second (decision 175).
 */
export const MAX_AGE_MS = 60_000;
/** How often the listening connection is proven alive (as the messaging hub does at each heartbeat). */
const CHECK_EVERY_MS = 25_000;

interface Entry {
  value: Promise<unknown>;
  expires: number;
  /** A fresh load to replace this answer, past its age, is under way. */
  refreshing?: boolean;
}

/**
 * What an answer is. Each kind has its own room of `capacity` answers, so a crawler walking a
 * million product pages (a millisecond each to load) cannot push out the catalog's search pages
 * (up to hundreds of milliseconds each).
 */
export type CacheKind = 'page' | 'product';

export class PageCache {
  private readonly rooms = new Map<CacheKind, Map<string, Entry>>();
  /** Off while no change notification can reach it (not yet listening, or the connection is lost). */
  private listening = false;

  /** `capacity` 0 turns the cache off: every call loads. */
  constructor(private readonly capacity: number) {}

  get<T>(key: string, load: () => Promise<T>, kind: CacheKind = 'page'): Promise<T> {
    if (this.capacity === 0 || !this.listening) return load();
    let room = this.rooms.get(kind);
    if (!room) {
      room = new Map();
      this.rooms.set(kind, room);
    }
    const now = Date.now();
    const hit = room.get(key);
    if (hit) {
      // Most recently used last, so eviction takes the least recently used.
      room.delete(key);
      room.set(key, hit);
      if (hit.expires <= now && !hit.refreshing) this.refresh(room, key, hit, load);
      return hit.value as Promise<T>;
    }
    const value = load();
    // Stored before it settles, so concurrent requests share the load, and a change that commits
    // meanwhile clears it like any other entry.
    const entry = { value, expires: now + MAX_AGE_MS };
    room.set(key, entry);
    const stored = room;
    value.catch(() => {
      if (stored.get(key) === entry) stored.delete(key);
    });
    if (room.size > this.capacity) {
      const oldest = room.keys().next().value;
      if (oldest !== undefined) room.delete(oldest);
    }
    return value;
  }

  /**
   * Replaces an answer past its age with a fresh load once that settles. A change that clears the
   * cache meanwhile removes the old entry, and the load (which may have read before the change) is
   * not kept; a failed load drops the old answer, so the next request loads again.
   */
  private refresh(room: Map<string, Entry>, key: string, stale: Entry, load: () => Promise<unknown>): void {
    stale.refreshing = true;
    const value = load();
    value.then(
      () => {
        if (room.get(key) === stale) room.set(key, { value, expires: Date.now() + MAX_AGE_MS });
      },
      () => {
        if (room.get(key) === stale) room.delete(key);
      },
    );
  }

  clear(): void {
    for (const room of this.rooms.values()) room.clear();
  }

  /** Whether change notifications reach the cache; without them it neither keeps nor serves answers. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }
}

const caches = new WeakMap<AppContext, PageCache>();

/** The catalog page cache of this app instance. */
export function pageCacheOf(ctx: AppContext): PageCache {
  const cache = caches.get(ctx);
  if (!cache) throw new Error('startPageCache was not called for this app');
  return cache;
}

export function startPageCache(app: FastifyInstance): void {
  const { ctx } = app;
  const cache = new PageCache(ctx.config.catalogCacheEntries);
  caches.set(ctx, cache);
  if (ctx.config.catalogCacheEntries === 0) return;
  let feed: ChangeFeed | null = null;
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    feed = listenTo(
      ctx.database,
      ctx.log,
      { channel: CHANNEL, name: 'catalog' },
      {
        onPayload: () => cache.clear(),
        onLost: () => cache.setListening(false),
        // Changes may have been missed while the connection was down: start afresh.
        onResync: () => cache.setListening(true),
      },
    );
    await feed.start();
    // start() resolves once listening, or after a failed attempt that already called onLost (the
    // reconnection's onResync then turns the cache on).
    if (feed.listening()) cache.setListening(true);
    const current = feed;
    timer = setInterval(() => void current.check(), CHECK_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await feed?.stop();
    cache.clear();
  });
}
