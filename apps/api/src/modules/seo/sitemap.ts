import { Readable } from 'node:stream';
import { and, asc, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogCounts, listings, PUBLIC_LISTING } from '../../db/schema/index.ts';
import { escapeHtml as escapeXml } from '../../lib/email-html.ts';

// sitemap.xml for the public catalog (decision 117). Up to 50,000 addresses (the protocol's limit
// per file) it is one list; past that it is an index of pages. Pages follow the catalog's own
// partial index on (created_at, id): the index names each page by its first listing, and a page
// reads on from there (keyset, never an offset) in batches it streams as it goes, so a million
// listings never sit in memory at once. Old listings keep their page; new ones go to the last.

/** The sitemap protocol's limit of addresses per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows per query while a page streams. */
const BATCH = 5_000;

/** The public screens worth a search result (SPEC §2), besides the product pages. */
export const PUBLIC_PAGES = ['/', '/products', '/help', '/terms', '/privacy'];

/** Where a page of listings starts: created_at in microseconds since 1970 (exact, unlike a Date) and the id. */
export interface Cursor {
  micros: string;
  id: string;
}

const CURSOR_PATTERN = /^(\d{1,17})_([0-9a-f-]{36})$/i;
export const formatCursor = (cursor: Cursor) => `${cursor.micros}_${cursor.id}`;
export function parseCursor(text: unknown): Cursor | null {
  const match = typeof text === 'string' ? CURSOR_PATTERN.exec(text) : null;
  return match?.[1] && match[2] ? { micros: match[1], id: match[2].toLowerCase() } : null;
}

const createdMicros = sql<string>`(extract(epoch from ${listings.createdAt}) * 1000000)::bigint`.mapWith(
  String,
);
/** The listing's position in the (created_at, id) index, and a cursor's, for a row comparison the index answers. */
const rowKey = sql`(${listings.createdAt}, ${listings.id})`;
const cursorKey = (cursor: Cursor) =>
  sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;

/** Public listings, from the counters the catalog's triggers keep. */
export async function publicListingCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: sum(catalogCounts.visibleListings).mapWith(Number) })
    .from(catalogCounts);
  return row?.total ?? 0;
}

/** The listing `skip` places after `from` in the public (created_at, id) index (the first one when null). */
async function startAfter(db: Db, from: Cursor | null, skip: number): Promise<Cursor | null> {
  const [row] = await db
    .select({ micros: createdMicros, id: listings.id })
    .from(listings)
    .where(and(PUBLIC_LISTING, from ? sql`${rowKey} >= ${cursorKey(from)}` : undefined))
    .orderBy(asc(listings.createdAt), asc(listings.id))
    .offset(skip)
    .limit(1);
  return row ? { micros: String(row.micros), id: row.id } : null;
}

/**
 * The first listing of every page, each found from the one before by skipping pageSize entries of
 * the public (created_at, id) index, read from the index alone: at a million listings, 17 steps of
 * 20-45 ms each (a window function numbering every row took 2.3 s).
 */
export async function pageStarts(db: Db, pageSize: number): Promise<Cursor[]> {
  const starts: Cursor[] = [];
  for (let start = await startAfter(db, null, 0); start; start = await startAfter(db, start, pageSize)) {
    starts.push(start);
  }
  return starts;
}

export interface SitemapEntry {
  loc: string;
  lastmod?: Date;
}

function urlElement({ loc, lastmod }: SitemapEntry): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>\n`;
}

/** Up to `limit` public listings from `from` on (the first ones when null), batch by batch. */
export async function* listingEntries(
  db: Db,
  appUrl: string,
  from: Cursor | null,
  limit: number,
): AsyncGenerator<SitemapEntry> {
  let cursor = from;
  let left = limit;
  let inclusive = true;
  while (left > 0) {
    const rows = await db
      .select({ id: listings.id, micros: createdMicros, updatedAt: listings.updatedAt })
      .from(listings)
      .where(
        and(
          PUBLIC_LISTING,
          cursor
            ? inclusive
              ? sql`${rowKey} >= ${cursorKey(cursor)}`
              : sql`${rowKey} > ${cursorKey(cursor)}`
            : undefined,
        ),
      )
      .orderBy(asc(listings.createdAt), asc(listings.id))
      .limit(Math.min(BATCH, left));
    for (const row of rows) yield { loc: `${appUrl}/products/${row.id}`, lastmod: row.updatedAt };
    const last = rows.at(-1);
    if (!last || rows.length < Math.min(BATCH, left)) return;
    left -= rows.length;
    cursor = { micros: last.micros, id: last.id };
    inclusive = false;
  }
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';

/** The public screens' addresses. */
export async function* publicPageEntries(appUrl: string): AsyncGenerator<SitemapEntry> {
  for (const page of PUBLIC_PAGES) yield { loc: `${appUrl}${page}` };
}

/** A <urlset> of the entries, streamed as they are read. */
export function urlset(...sources: AsyncGenerator<SitemapEntry>[]): Readable {
  return Readable.from(
    (async function* () {
      yield URLSET_OPEN;
      for (const source of sources) for await (const entry of source) yield urlElement(entry);
      yield URLSET_CLOSE;
    })(),
  );
}

/** A <sitemapindex> of the public screens' sitemap and one sitemap per page of listings. */
export function sitemapIndex(appUrl: string, starts: Cursor[]): string {
  const locations = [
    `${appUrl}/sitemap-pages.xml`,
    ...starts.map((start) => `${appUrl}/sitemap-listings.xml?from=${formatCursor(start)}`),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}
