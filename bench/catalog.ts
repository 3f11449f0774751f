import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_CATEGORIES } from '@canopy/shared';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { countListings, ensureDatabase, loadCatalog } from './generate.ts';

// The public catalog at scale: loads BENCH_LISTINGS listings (default 1,000,000) into the
// PostgreSQL database BENCH_DATABASE_URL (created when missing), then times GET /api/products
// pages through the whole API (buildApp + inject: routing, validation, SQL, presenting), one
// request at a time. See bench/README.md.

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/canopy_bench';
const listingCount = Number(process.env.BENCH_LISTINGS ?? 1_000_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);
const reload = process.env.BENCH_RELOAD === '1';

const log = (line: string) => process.stdout.write(`${line}\n`);

interface Scenario {
  name: string;
  /** The request path for iteration i, so repeated runs do not all hit one cached answer. */
  url: (i: number) => string;
}

const STRAIN_WORDS = [
  'kush',
  'gelato',
  'runtz',
  'diesel',
  'haze',
  'cookies',
  'zkittlez',
  'cake',
  'purple',
  'lemon',
];
const PARTIAL_WORDS = ['blu', 'gela', 'zkit', 'dies', 'pinea', 'wedd', 'trainw', 'sherb', 'mimo', 'biscot'];
const PHRASES = [
  'blue dream',
  'wedding cake',
  'sour diesel',
  'lemon haze',
  'og kush',
  'purple punch',
  'jack herer',
];
const BUSINESS_WORDS = [
  'emerald farms',
  'redwood extracts',
  'sierra collective',
  'humboldt gardens',
  'mesa labs',
];
const RARE_WORDS = ['candyland', 'banana', 'mango', 'platinum', 'grape'];
const ABSENT_WORDS = ['quokka', 'wombat', 'zeppelin', 'xylophone', 'narwhal'];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
const q = (text: string) => encodeURIComponent(text);

const scenarios: Scenario[] = [
  { name: 'home: limit=8 newest', url: () => '/api/products?limit=8&sort=newest' },
  { name: 'first page (newest)', url: () => '/api/products?page=1&limit=12' },
  { name: 'pages 2-50 (newest)', url: (i) => `/api/products?page=${2 + (i % 49)}&limit=12` },
  { name: 'deep page 1,000 (offset 11,988)', url: (i) => `/api/products?page=${1000 + (i % 10)}&limit=12` },
  {
    name: 'deep page 10,000 (offset 119,988)',
    url: (i) => `/api/products?page=${10_000 + (i % 10)}&limit=12`,
  },
  { name: 'sort oldest, page 1', url: () => '/api/products?sort=oldest' },
  { name: 'sort name_asc, page 1', url: () => '/api/products?sort=name_asc' },
  { name: 'sort name_desc, page 1', url: () => '/api/products?sort=name_desc' },
  { name: 'sort name_asc, page 500', url: (i) => `/api/products?sort=name_asc&page=${500 + (i % 10)}` },
  { name: 'category, page 1', url: (i) => `/api/products?category=${pick(PRODUCT_CATEGORIES, i)}` },
  {
    name: 'category, page 100',
    url: (i) => `/api/products?category=${pick(PRODUCT_CATEGORIES, i)}&page=100`,
  },
  {
    name: 'category + name_desc',
    url: (i) => `/api/products?category=${pick(PRODUCT_CATEGORIES, i)}&sort=name_desc`,
  },
  { name: 'text: common strain word', url: (i) => `/api/products?query=${q(pick(STRAIN_WORDS, i))}` },
  { name: 'text: partial word (prefix)', url: (i) => `/api/products?query=${q(pick(PARTIAL_WORDS, i))}` },
  { name: 'text: two-word strain', url: (i) => `/api/products?query=${q(pick(PHRASES, i))}` },
  { name: 'text: seller business name', url: (i) => `/api/products?query=${q(pick(BUSINESS_WORDS, i))}` },
  { name: 'text: rare word', url: (i) => `/api/products?query=${q(pick(RARE_WORDS, i))}` },
  {
    name: 'text + category',
    url: (i) => `/api/products?query=${q(pick(STRAIN_WORDS, i))}&category=${pick(PRODUCT_CATEGORIES, i)}`,
  },
  { name: 'text + sort name_asc', url: (i) => `/api/products?query=${q(pick(PHRASES, i))}&sort=name_asc` },
  { name: 'text: word with no match', url: (i) => `/api/products?query=${q(pick(ABSENT_WORDS, i))}` },
  { name: 'text, page 10', url: (i) => `/api/products?query=${q(pick(STRAIN_WORDS, i))}&page=10` },
  {
    name: 'text, page 20 (end of the window)',
    url: (i) => `/api/products?query=${q(pick(PHRASES, i))}&page=20`,
  },
  {
    name: 'text + sort name_desc, page 5',
    url: (i) => `/api/products?query=${q(pick(PHRASES, i))}&sort=name_desc&page=5`,
  },
];

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * (sorted.length - 1)))] ?? Number.NaN;
}

const format = (ms: number) => ms.toFixed(1);

async function main() {
  await ensureDatabase(url);
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  if (!database.pool) throw new Error('the benchmark needs PostgreSQL');
  await runMigrations(database);
  const client = await database.pool.connect();
  try {
    const present = await countListings(client);
    if (reload || present !== listingCount) {
      log(`loading ${listingCount.toLocaleString('en-US')} listings into ${new URL(url).pathname.slice(1)}…`);
      const started = Date.now();
      await loadCatalog(client, {
        listings: listingCount,
        sellers: Math.max(50, Math.round(listingCount / 200)),
        log,
      });
      log(`loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    } else {
      log(`reusing the ${present.toLocaleString('en-US')} listings already loaded (BENCH_RELOAD=1 reloads)`);
    }
  } finally {
    client.release();
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-bench-'));
  const app = await buildApp({
    config: loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'production' }),
    database,
    rateLimitScale: 1_000_000,
  });
  const ids = (
    await database.pool.query<{ id: string }>(
      'SELECT id FROM listings WHERE is_active AND seller_verified ORDER BY random() LIMIT 500',
    )
  ).rows.map((row) => row.id);
  scenarios.push({
    name: 'product detail (+ view count write)',
    url: (i) => `/api/products/${pick(ids, i)}`,
  });

  const rows: string[] = [];
  for (const scenario of scenarios) {
    for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url: scenario.url(i + 1000) });
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < iterations; i++) {
      const started = process.hrtime.bigint();
      const response = await app.inject({ method: 'GET', url: scenario.url(i) });
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (response.statusCode !== 200)
        throw new Error(`${scenario.name}: ${response.statusCode} ${response.body}`);
      total = (response.json() as { pagination?: { total: number } }).pagination?.total ?? total;
    }
    times.sort((a, b) => a - b);
    const row = `| ${scenario.name} | ${format(percentile(times, 0.5))} | ${format(percentile(times, 0.99))} | ${format(times.at(-1) ?? 0)} | ${total.toLocaleString('en-US')} |`;
    rows.push(row);
    log(row);
  }

  log('\n| scenario | p50 ms | p99 ms | max ms | total (last answer) |\n|---|---|---|---|---|');
  for (const row of rows) log(row);
  log(
    `\n${iterations} sequential requests per scenario after 10 warm-up requests; ${listingCount.toLocaleString('en-US')} listings.`,
  );

  await compareVisibilityDesigns(database.pool);
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * Decision 011's measurement: public visibility from a denormalised flag (what the API does)
 * against a join on users.status, for a first page, a deep page and the page count.
 */
async function compareVisibilityDesigns(pool: import('pg').Pool) {
  log('\nvisibility: denormalised seller_verified vs join on users (raw SQL, 30 runs each)');
  await pool.query(
    'CREATE INDEX IF NOT EXISTS bench_join_created_idx ON listings (created_at, id) WHERE is_active',
  );
  await pool.query('ANALYZE listings');
  const cases: [string, string, unknown[]][] = [
    [
      'flag: first page',
      'SELECT id FROM listings WHERE is_active AND seller_verified ORDER BY created_at DESC, id DESC LIMIT 12',
      [],
    ],
    [
      'join: first page',
      `SELECT l.id FROM listings l JOIN users u ON u.id = l.seller_id WHERE l.is_active AND u.status = 'verified'
       ORDER BY l.created_at DESC, l.id DESC LIMIT 12`,
      [],
    ],
    [
      'flag: page 1,000',
      'SELECT id FROM listings WHERE is_active AND seller_verified ORDER BY created_at DESC, id DESC LIMIT 12 OFFSET 11988',
      [],
    ],
    [
      'join: page 1,000',
      `SELECT l.id FROM listings l JOIN users u ON u.id = l.seller_id WHERE l.is_active AND u.status = 'verified'
       ORDER BY l.created_at DESC, l.id DESC LIMIT 12 OFFSET 11988`,
      [],
    ],
    ['flag: page count (counter rows)', 'SELECT sum(visible_listings) FROM catalog_counts', []],
    [
      'flag: page count (counting rows)',
      'SELECT count(*) FROM listings WHERE is_active AND seller_verified',
      [],
    ],
    [
      'join: page count',
      `SELECT count(*) FROM listings l JOIN users u ON u.id = l.seller_id WHERE l.is_active AND u.status = 'verified'`,
      [],
    ],
  ];
  log('| query | p50 ms | p99 ms |\n|---|---|---|');
  for (const [name, text, params] of cases) {
    const times: number[] = [];
    for (let i = 0; i < 33; i++) {
      const started = process.hrtime.bigint();
      await pool.query(text, params);
      if (i >= 3) times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    times.sort((a, b) => a - b);
    log(`| ${name} | ${format(percentile(times, 0.5))} | ${format(percentile(times, 0.99))} |`);
  }
  await pool.query('DROP INDEX IF EXISTS bench_join_created_idx');
}

await main();
