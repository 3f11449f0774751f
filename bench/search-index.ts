import { PRODUCT_CATEGORIES, PRODUCT_SORTS, productListQuery } from '@canopy/shared';
import pino from 'pino';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { CatalogSearch } from '../apps/api/src/modules/catalog/search-index/catalog-search.ts';

// `npm run bench:search-index`: the catalog's in-process index (decisions 252–253) on the
// PostgreSQL database named by DATABASE_URL (fill it with `npm run bench:data`): how long reading
// the catalog takes, what the index holds in memory afterwards, and single searches one at a time
// (the index's answer only: no HTTP, no row read by id) for words from the titles, with and
// without facets, in all six sorts, pages 1–20. Run with `node --expose-gc` for a settled heap.

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/canopy_bench';
const iterations = Number(process.env.BENCH_ITERATIONS ?? 2000);
const log = (line: string) => process.stdout.write(`${line}\n`);
const settle = () => (globalThis as { gc?: () => void }).gc?.();
const mb = (bytes: number) => `${Math.round(bytes / 1e6).toLocaleString('en-US')} MB`;
const memory = () => {
  settle();
  const { heapUsed, arrayBuffers, rss } = process.memoryUsage();
  return { heapUsed, arrayBuffers, rss };
};

const database = await openDatabase({ databaseUrl: url, dataDir: '' });
const search = new CatalogSearch(database, pino({ level: 'warn' }));
const before = memory();
await search.start();
const after = memory();
log(`${search.size.toLocaleString('en-US')} public listings read in ${Math.round(search.loadedIn)} ms`);
log(
  `memory held by the index: heap ${mb(after.heapUsed - before.heapUsed)}, typed arrays ${mb(
    after.arrayBuffers - before.arrayBuffers,
  )}, process ${mb(after.rss)} in all`,
);

const { rows } = (await database.pool?.query(
  `SELECT word FROM (SELECT DISTINCT lower(regexp_split_to_table(title, '[^[:alnum:]]+')) AS word FROM listings
     TABLESAMPLE SYSTEM (5)) words WHERE length(word) > 2 LIMIT 600`,
)) ?? { rows: [] };
const words = (rows as { word: string }[]).map((row) => row.word);
const any = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

const scenarios: [string, () => Record<string, string>][] = [
  ['a word, any sort, pages 1–20', () => ({ query: any(words) })],
  ['a category, any sort, pages 1–20', () => ({ category: any(PRODUCT_CATEGORIES) })],
  [
    'a word or none, price band + tested + category',
    () => ({
      ...(Math.random() < 0.3 ? { query: any(words) } : {}),
      minPrice: String(any([0, 500, 1000])),
      maxPrice: String(any([1500, 2500, 4000])),
      tested: 'true',
      category: any(PRODUCT_CATEGORIES),
    }),
  ],
  ['the whole catalog, any sort, pages 1–20', () => ({})],
];
for (const [name, filters] of scenarios) {
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const q = productListQuery.parse({
      ...filters(),
      sort: any(PRODUCT_SORTS),
      page: String(1 + Math.floor(Math.random() * 20)),
    });
    const began = performance.now();
    await search.search(q);
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => (times[Math.floor(share * (times.length - 1))] as number).toFixed(2);
  log(`${name}: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${iterations} searches)`);
}
await search.stop();
await database.close();
