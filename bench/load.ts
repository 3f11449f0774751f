import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  any,
  catalogMixPath,
  facetPath,
  titleWords,
  useWords,
  wordCount,
  zipfExponent,
} from './catalog-requests.ts';
import { startProductionServer, waitUntilAnswering } from './production-server.ts';

// `npm run bench:load`: the catalog under concurrent load (issue 13). Starts the app as `npm start`
// would in production (NODE_ENV=production, RATE_LIMIT_PER_MINUTE=0) on the database named by
// DATABASE_URL (fill it with `npm run bench:data`), and a bare Fastify server answering a captured
// catalog page as the ceiling, then alternates ceiling and app runs (A B A B) with autocannon at 32
// connections, prints the table and writes it to bench/RESULTS.md.

const root = path.resolve(import.meta.dirname, '..');
/** Whose server to measure: another checkout (e.g. main, for a before/after in the same conditions). */
const appRoot = path.resolve(process.env.BENCH_APP_DIR ?? root);
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/canopy_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
/**
 * Requests a second the app's calls are held to, across all connections (0: as fast as the app
 * answers). At a steady rate below what the app can serve, p50 and p99 are what a buyer waits at
 * that traffic, not the queue of a saturated server. The ceiling always runs flat out.
 */
const rate = Number(process.env.BENCH_RATE ?? 0);
const label = process.env.BENCH_LABEL ?? '';
/** Seconds of each call before the measured rounds (not counted): a warm page cache. */
const warmup = Number(process.env.BENCH_WARMUP ?? 0);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3900);
const CEILING_PORT = Number(process.env.BENCH_CEILING_PORT ?? 3901);
/**
 * Which calls to measure, by key (`catalog,facets,home,detail`, and `catalog-edits`, which runs only
 * when named); all the others by default.
 */
const only = process.env.BENCH_SCENARIOS?.split(',').map((key) => key.trim());

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(
  base: string,
  pathFor: () => string,
  duration = seconds,
  overallRate = 0,
): Promise<Measured> {
  const result = await autocannon({
    url: base,
    connections,
    duration,
    ...(overallRate > 0 ? { overallRate } : {}),
    requests: [{ setupRequest: (request) => ({ ...request, path: pathFor() }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const average = (runs: Measured[]): Measured => ({
  rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length,
  p50: Math.max(...runs.map((run) => run.p50)),
  p99: Math.max(...runs.map((run) => run.p99)),
  non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  errors: runs.reduce((sum, run) => sum + run.errors, 0),
});

/** How many price edits a second the `catalog-edits` call makes, spread over the newest listings. */
const editsPerSecond = Number(process.env.BENCH_EDITS_PER_SECOND ?? 10);
/** How many listings a second it creates (issue 26: 10 created and 10 edited a second). */
const createsPerSecond = Number(process.env.BENCH_CREATES_PER_SECOND ?? 10);
/** Columns a new listing copies from an existing one: not its id, times, change mark or client keys. */
const NOT_COPIED = new Set([
  'id',
  'created_at',
  'updated_at',
  'first_public_at',
  'search_xid',
  'client_key',
  'client_key_digest',
  'external_sku',
]);

/**
 * Sellers listing and editing while buyers browse, for as long as `run` takes: every
 * 1/editsPerSecond seconds one of the 2,000 newest listings (those the catalog's first pages show)
 * moves by a cent, and every 1/createsPerSecond seconds a copy of one of them is listed anew
 * (the newest of all, so it joins the first pages of its lists). Each commits a catalog change
 * that every instance's index reads and that empties its kept lists, so this call measures the
 * catalog as a live market sees it.
 */
async function withEdits<T>(listingIds: string[], run: () => Promise<T>): Promise<T> {
  const editor = new pg.Client({ connectionString: url });
  await editor.connect();
  const { rows: columnRows } = await editor.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_name = 'listings' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
  );
  const copied = columnRows
    .map((row) => `"${row.name}"`)
    .filter((name) => !NOT_COPIED.has(name.slice(1, -1)));
  let cents = 0;
  const edits = setInterval(() => {
    cents = (cents + 1) % 100;
    void editor
      .query('UPDATE listings SET asking_price = floor(asking_price) + $2::numeric / 100 WHERE id = $1', [
        any(listingIds),
        cents,
      ])
      .catch(() => {});
  }, 1000 / editsPerSecond);
  const creates =
    createsPerSecond > 0
      ? setInterval(() => {
          void editor
            .query(
              `INSERT INTO listings ("id", ${copied.join(', ')})
               SELECT gen_random_uuid(), ${copied.join(', ')} FROM listings WHERE id = $1`,
              [any(listingIds)],
            )
            .catch(() => {});
        }, 1000 / createsPerSecond)
      : null;
  try {
    return await run();
  } finally {
    clearInterval(edits);
    if (creates) clearInterval(creates);
    await editor.end();
  }
}

/**
 * The page cache's settings to measure, each on a freshly started server (a cold start): `off`
 * (CATALOG_CACHE_ENTRIES=0, every request answered by the search itself) and `on` (the default).
 */
const cacheModes = (process.env.BENCH_CACHE ?? 'off,on').split(',').map((mode) => mode.trim());

const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows: idRows } = await client.query<{ id: string }>(
  'SELECT id FROM listings WHERE is_active AND seller_verified ORDER BY created_at DESC LIMIT 2000',
);
const { rows: countRows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM listings');
const words = await titleWords(client, wordCount);
await client.end();
const ids = idRows.map((row) => row.id);
const listingCount = Number(countRows[0]?.n ?? 0);
useWords(words, zipfExponent);

interface Scenario {
  key: string;
  name: string;
  path: () => string;
  around?: (run: () => Promise<Measured>) => Promise<Measured>;
  /** Run only when named in BENCH_SCENARIOS: its edits empty the cache the other calls measure. */
  alone?: boolean;
}
const scenarios: Scenario[] = (
  [
    {
      key: 'catalog',
      name: 'catalog mix: pages 1–20, half with a long-tail word, half with a category, any of the 6 sorts',
      path: catalogMixPath,
    },
    {
      key: 'catalog-edits',
      name: `catalog mix while sellers list ${createsPerSecond} lots and edit ${editsPerSecond} prices a second`,
      path: catalogMixPath,
      around: (run: () => Promise<Measured>) => withEdits(ids, run),
      alone: true,
    },
    {
      key: 'facets',
      name: 'facets: pages 1–5, price band + tested + category (+ county, THC floor, word), any of the 6 sorts, with counts',
      path: facetPath,
    },
    { key: 'home', name: 'home: `limit=8&sort=newest`', path: () => '/api/products?limit=8&sort=newest' },
    { key: 'detail', name: 'product detail', path: () => `/api/products/${any(ids)}` },
  ] satisfies Scenario[]
).filter((scenario) => (only ? only.includes(scenario.key) : !scenario.alone));

/** Addresses sent per cache mode and call: how much of the mix a cache could have held. */
const sent = new Map<string, Set<string>>();
const recorded = (key: string, pathFor: () => string) => () => {
  const address = pathFor();
  const set = sent.get(key) ?? new Set<string>();
  sent.set(key, set);
  set.add(address);
  return address;
};

const ceilingPort = CEILING_PORT;
const pagePath = path.join(os.tmpdir(), `canopy-bench-captured-page-${process.pid}.json`);
let ceiling: ChildProcess | null = null;
const ceilingRuns: Measured[] = [];
const appRuns = new Map<string, Measured[]>();
const loadBefore = os.loadavg()[0] ?? 0;
try {
  for (const mode of cacheModes) {
    const app = await startProductionServer({
      databaseUrl: url,
      port: APP_PORT,
      appDir: appRoot,
      env: mode === 'off' ? { CATALOG_CACHE_ENTRIES: '0' } : {},
    });
    try {
      if (!ceiling) {
        await writeFile(pagePath, await (await fetch(`${app.base}/api/products?page=1&limit=12`)).text());
        // The ceiling's output is not read at all.
        ceiling = spawn('node', ['--import', 'tsx', 'bench/ceiling.ts', pagePath, String(ceilingPort)], {
          cwd: root,
          stdio: 'ignore',
        });
        await waitUntilAnswering(`http://127.0.0.1:${ceilingPort}`);
      }
      const measured = (scenario: Scenario, duration?: number) => {
        const pathFor = recorded(`${mode} ${scenario.key}`, scenario.path);
        return scenario.around
          ? scenario.around(() => measure(app.base, pathFor, duration, rate))
          : measure(app.base, pathFor, duration, rate);
      };
      if (warmup > 0) for (const scenario of scenarios) await measured(scenario, warmup);
      for (let round = 1; round <= rounds; round++) {
        ceilingRuns.push(await measure(`http://127.0.0.1:${ceilingPort}`, () => '/api/products'));
        process.stdout.write(
          `cache ${mode}, round ${round}: ceiling ${ceilingRuns.at(-1)?.rps.toFixed(0)} req/s\n`,
        );
        for (const scenario of scenarios) {
          const run = await measured(scenario);
          const key = `${mode} ${scenario.key}`;
          appRuns.set(key, [...(appRuns.get(key) ?? []), run]);
          process.stdout.write(
            `cache ${mode}, round ${round}: ${scenario.name}: ${run.rps.toFixed(0)} req/s, p99 ${run.p99} ms\n`,
          );
        }
      }
    } finally {
      await app.stop();
    }
  }
} finally {
  ceiling?.kill('SIGTERM');
  await rm(pagePath, { force: true });
}
const loadAfter = os.loadavg()[0] ?? 0;
const top = average(ceilingRuns);
const lines = [
  `| page cache | call | req/s | p50 ms | p99 ms | share of ceiling (${Math.round(top.rps).toLocaleString('en-US')} req/s) | distinct addresses sent | non-2xx / errors |`,
  '|---|---|---:|---:|---:|---:|---:|---:|',
  ...cacheModes.flatMap((mode) =>
    scenarios.map((scenario) => {
      const run = average(appRuns.get(`${mode} ${scenario.key}`) ?? []);
      const share = ((run.rps / top.rps) * 100).toFixed(1);
      const distinct = sent.get(`${mode} ${scenario.key}`)?.size ?? 0;
      return `| ${mode} | ${scenario.name} | ${Math.round(run.rps).toLocaleString('en-US')} | ${run.p50} | ${run.p99} | ${share}% | ${distinct.toLocaleString('en-US')} | ${run.non2xx} / ${run.errors} |`;
    }),
  ),
];
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const section = [
  `### ${listingCount.toLocaleString('en-US')} listings${label ? `, ${label}` : ''} (${new Date().toISOString().slice(0, 16)} UTC)`,
  '',
  `Machine: ${os.cpus().length} × ${cpu}, Node ${process.version}; app, ceiling, autocannon and PostgreSQL share it.`,
  `Load average (1 min) ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after. ${connections} connections${rate > 0 ? ` held to ${rate} req/s in all` : ''}, ${rounds} rounds of ${seconds} s per call,`,
  `${warmup > 0 ? `after ${warmup} s of each call unmeasured` : 'from a cold start'} on a server started afresh for each page-cache setting;`,
  `words drawn from the ${words.length.toLocaleString('en-US')} distinct words of the titles and business names (Zipf, s = ${zipfExponent});`,
  'ceiling and app alternating; req/s is the mean of the rounds, p50 and p99 the worst round.',
  '',
  ...lines,
  '',
].join('\n');
process.stdout.write(`\n${section}\n`);
await appendResult(section);

/** Adds the run to bench/RESULTS.md's load section (newest first), keeping earlier runs. */
async function appendResult(section: string) {
  const file = path.join(root, 'bench/RESULTS.md');
  const text = await readFile(file, 'utf8');
  const startMark = '<!-- load-bench:start -->';
  const heading = `${startMark}\n## The catalog under concurrent load (\`npm run bench:load\`)\n\n`;
  const next = text.includes(startMark)
    ? text.replace(`${heading}`, `${heading}${section}\n`)
    : `${text.trimEnd()}\n\n${heading}${section}\n<!-- load-bench:end -->\n`;
  await writeFile(file, next);
}
