import { PRODUCT_SORTS, productListQuery } from '@canopy/shared';
import pino from 'pino';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { CatalogSearch } from '../apps/api/src/modules/catalog/search-index/catalog-search.ts';
import {
  any,
  catalogMixPath,
  facetPath,
  titleWords,
  useWords,
  wordCount,
  zipfExponent,
} from './catalog-requests.ts';

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
const cold = new CatalogSearch(database, pino({ level: 'warn' }), { keptBytes: 0 });
const before = memory();
await search.start();
const after = memory();
log(`${search.size.toLocaleString('en-US')} public listings read in ${Math.round(search.loadedIn)} ms`);
await cold.start();
log(
  `memory held by the index: heap ${mb(after.heapUsed - before.heapUsed)}, typed arrays ${mb(
    after.arrayBuffers - before.arrayBuffers,
  )}, process ${mb(after.rss)} in all`,
);

if (!database.pool) throw new Error('bench:search-index reads a PostgreSQL database (DATABASE_URL)');
const words = await titleWords(database.pool, wordCount);
useWords(words, zipfExponent);
const queryOf = (path: string) =>
  productListQuery.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));

// Each mix twice: with the index keeping match lists between searches (pages and sorts of one list
// share them), and with nothing kept, as every search runs in a minute of catalog changes.
const scenarios: [string, () => string][] = [
  ['catalog mix (bench:load)', catalogMixPath],
  ['facets mix (bench:load)', facetPath],
  [
    'the whole catalog, any sort, pages 1–20',
    () => `/api/products?page=${1 + Math.floor(Math.random() * 20)}&sort=${any(PRODUCT_SORTS)}`,
  ],
];
for (const [label, instance] of [
  ['kept', search],
  ['nothing kept', cold],
] as const) {
  for (const [name, pathFor] of scenarios) {
    const times: number[] = [];
    const slowest: [number, string][] = [];
    for (let i = 0; i < iterations; i++) {
      const path = pathFor();
      const q = queryOf(path);
      const began = performance.now();
      await instance.search(q);
      const took = performance.now() - began;
      times.push(took);
      slowest.push([took, path]);
      if (slowest.length > 20) slowest.sort((a, b) => b[0] - a[0]).splice(3);
    }
    if (process.env.BENCH_SLOWEST) {
      slowest.sort((a, b) => b[0] - a[0]);
      for (const [took, path] of slowest.slice(0, 3)) log(`  ${took.toFixed(1)} ms ${path}`);
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => (times[Math.floor(share * (times.length - 1))] as number).toFixed(2);
    const mean = (times.reduce((sum, t) => sum + t, 0) / times.length).toFixed(2);
    log(
      `${name}, ${label}: mean ${mean} ms, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${iterations} searches)`,
    );
  }
}
await cold.stop();
await search.stop();
await database.close();
