import type { FastifyInstance } from 'fastify';
import { type ChangeFeed, listenTo } from '../../lib/listen.ts';

// Public catalog answers are the same for every caller, and the same few pages (the home grid,
// the first pages of each category and of popular words) take most of the traffic. Each API
// instance keeps recent answers in memory and drops them when the catalog changes: a trigger
// notifies `canopy_catalog` when a transaction that changes listings, their media or a seller's
// public details commits (migrations 0009 and 0018, decisions 111 and 181). Most changes are a
// seller editing a price or a quantity: such an edit names its listings, and only the answers it
// can alter are dropped; any other change drops everything. Concurrent requests for a page that
// is being loaded share that one load.

const CHANNEL = 'canopy_catalog';
/**
 * A safety net only: should the listener miss a change, no answer is served much past this. An
 * older answer is still served while one fresh load replaces it (refresh-ahead): otherwise every
 * busy page would expire, and go to the database, in the same second (decision 175).
 */
export const MAX_AGE_MS = 60_000;
/** How often the listening connection is proven alive (as the messaging hub does at each heartbeat). */
const CHECK_EVERY_MS = 25_000;

/**
 * A listing's edit that leaves every list's members and order as they were, except by its price or
 * quantity (the trigger of migration 0018 decides; anything else is a change to everything).
 */
export interface ListingEdit {
  id: string;
  category: string;
  sellerId: string;
  /** Its listed price before and after the edit (null: make an offer). */
  price: [before: number | null, after: number | null];
  /** Its quantity in pounds before and after the edit. */
  quantity: [before: number, after: number];
}

/**
 * What a cached answer depends on: the listings it shows (an edit to one of them always drops it),
 * and whether an edit to a listing it does not show can still alter it. An answer kept without a
 * scope is dropped by every change. A scope belongs to the load that made the answer (it may keep
 * what that load learnt, such as where a page starts and ends).
 */
export interface AnswerScope<T> {
  shows(answer: T): readonly string[];
  reaches(edit: ListingEdit): boolean;
}

interface Entry {
  value: Promise<unknown>;
  /** The answer, once it is in. */
  settled?: { answer: unknown };
  expires: number;
  /** A fresh load to replace this answer, past its age, is under way. */
  refreshing?: boolean;
  scope?: AnswerScope<unknown>;
  /** Once the answer is in: the listings it shows. */
  shown?: ReadonlySet<string>;
  /**
   * Edits heard while this entry's load (or its refresh) was under way: the load may have read
   * before or after them, so its answer is judged against them once it is in.
   */
  heard?: ListingEdit[];
}

/** Whether any of the edits can alter the entry's answer (which is in). */
const alteredBy = (entry: Entry, edits: readonly ListingEdit[]) =>
  edits.some((edit) => entry.shown?.has(edit.id) || entry.scope?.reaches(edit));

interface GetOptions<T> {
  kind?: CacheKind;
  /** The answer's type comes from `load`; a scope may read less of it. */
  scope?: AnswerScope<NoInfer<T>>;
}

/**
 * What an answer is. Each kind has its own room of `capacity` answers, so a crawler walking a
 * million product pages (a millisecond each to load) cannot push out the catalog's search pages
 * (up to hundreds of milliseconds each), nor a stream of faceted lists the pages most buyers read.
 */
export type CacheKind = 'page' | 'facets' | 'product';

export class PageCache {
  private readonly rooms = new Map<CacheKind, Map<string, Entry>>();
  /** Off while no change notification can reach it (not yet listening, or the connection is lost). */
  private listening = false;

  /** `capacity` 0 turns the cache off: every call loads. */
  constructor(private readonly capacity: number) {}

  get<T>(key: string, load: () => Promise<T>, { kind = 'page', scope }: GetOptions<T> = {}): Promise<T> {
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
      if (hit.expires <= now && !hit.refreshing) this.refresh(room, key, hit, load, scope);
      return hit.value as Promise<T>;
    }
    const value = load();
    // Stored before it settles, so concurrent requests share the load; a change that commits
    // meanwhile is judged against the answer once it is in (forget).
    const entry: Entry = {
      value,
      expires: now + MAX_AGE_MS,
      scope: scope as AnswerScope<unknown> | undefined,
    };
    room.set(key, entry);
    const stored = room;
    value.then(
      (answer) => {
        entry.settled = { answer };
        if (!scope) return;
        entry.shown = new Set(scope.shows(answer));
        if (entry.heard && alteredBy(entry, entry.heard) && stored.get(key) === entry) stored.delete(key);
        entry.heard = undefined;
      },
      () => {
        if (stored.get(key) === entry) stored.delete(key);
      },
    );
    if (room.size > this.capacity) {
      const oldest = room.keys().next().value;
      if (oldest !== undefined) room.delete(oldest);
    }
    return value;
  }

  /**
   * Replaces an answer past its age with a fresh load once that settles. A change that clears the
   * cache meanwhile removes the old entry, and the load (which may have read before the change) is
   * not kept, nor is one that edits heard meanwhile alter; a failed load drops the old answer, so
   * the next request loads again.
   */
  private refresh<T>(
    room: Map<string, Entry>,
    key: string,
    stale: Entry,
    load: () => Promise<T>,
    scope: AnswerScope<T> | undefined,
  ): void {
    stale.refreshing = true;
    const value = load();
    value.then(
      (answer) => {
        if (room.get(key) !== stale) return;
        const fresh: Entry = {
          value,
          settled: { answer },
          expires: Date.now() + MAX_AGE_MS,
          scope: scope as AnswerScope<unknown> | undefined,
          ...(scope ? { shown: new Set(scope.shows(answer)) } : {}),
        };
        if (stale.heard && (!scope || alteredBy(fresh, stale.heard))) room.delete(key);
        else room.set(key, fresh);
      },
      () => {
        if (room.get(key) === stale) room.delete(key);
      },
    );
  }

  /**
   * The answer kept under `key` if it is in and within its age, without loading anything: for a
   * part of an answer that another answer may already hold (a list's total, shared by its pages).
   */
  known<T>(key: string, kind: CacheKind = 'page'): T | undefined {
    const entry = this.rooms.get(kind)?.get(key);
    if (!entry?.settled || entry.expires <= Date.now()) return undefined;
    return entry.settled.answer as T;
  }

  clear(): void {
    for (const room of this.rooms.values()) room.clear();
  }

  /**
   * Drops the answers that edits can alter (decision 181): those showing an edited listing, those
   * an edit reaches, and any kept without a scope. An answer still loading (or being refreshed) is
   * judged once it is in: under load most entries are, and dropping them all at every edit would
   * keep the cache from ever filling.
   */
  forget(edits: readonly ListingEdit[]): void {
    for (const room of this.rooms.values()) {
      for (const [key, entry] of room) {
        if (!entry.scope || (entry.shown && alteredBy(entry, edits))) room.delete(key);
        else if (!entry.shown || entry.refreshing) entry.heard = [...(entry.heard ?? []), ...edits];
      }
    }
  }

  /** Whether change notifications reach the cache; without them it neither keeps nor serves answers. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }
}

/**
 * The edits a notification names, or null when it says anything may have changed ('', or a payload
 * this version does not understand: dropping everything is always right).
 */
export function listingEdits(payload: string | undefined): ListingEdit[] | null {
  if (!payload) return null;
  try {
    const { edits } = JSON.parse(payload) as { edits?: unknown };
    if (!Array.isArray(edits) || edits.length === 0) return null;
    const pair = (value: unknown, nullable: boolean) =>
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((item) => typeof item === 'number' || (nullable && item === null));
    const valid = edits.every(
      (edit: Partial<Record<keyof ListingEdit, unknown>>) =>
        typeof edit?.id === 'string' &&
        typeof edit.category === 'string' &&
        typeof edit.sellerId === 'string' &&
        pair(edit.price, true) &&
        pair(edit.quantity, false),
    );
    return valid ? (edits as ListingEdit[]) : null;
  } catch {
    return null;
  }
}

/** This instance's page cache, kept in step with the catalog for as long as the app runs. */
export function startPageCache(app: FastifyInstance): PageCache {
  const { ctx } = app;
  const cache = new PageCache(ctx.config.catalogCacheEntries);
  if (ctx.config.catalogCacheEntries === 0) return cache;
  let feed: ChangeFeed | null = null;
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    feed = listenTo(
      ctx.database,
      ctx.log,
      { channel: CHANNEL, name: 'catalog' },
      {
        onPayload: (payload) => {
          const edits = listingEdits(payload);
          if (edits) cache.forget(edits);
          else cache.clear();
        },
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
  return cache;
}
