import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';

// What people and search engines receive: builds the web app, starts the server as production runs
// it (NODE_ENV=production, embedded database filled with the demo data), and scores the home page,
// /products and a product page with Lighthouse (mobile, default simulated throttling), each
// LIGHTHOUSE_RUNS times; the median run of each page is reported and written to bench/RESULTS.md.
// See bench/README.md.

const ROOT = path.resolve(import.meta.dirname, '..');
// The newest Lighthouse that runs on Node 20; fetched by npx so the repository's lock stays lean.
const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const CHROME_FLAGS = CHROMIUM_FLAGS.join(' ');
/** A fixed port for the server (on a shared machine each engineer has their own); a free one otherwise. */
const PORT = process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : null;
/**
 * A DATA_DIR kept between runs: seeded by the first run, reused (not seeded again) by the next,
 * which saves minutes on a loaded machine. A scratch folder, removed afterwards, otherwise.
 */
const KEPT_DATA_DIR = process.env.LIGHTHOUSE_DATA_DIR ? path.resolve(process.env.LIGHTHOUSE_DATA_DIR) : null;
/** Scores the web build already in apps/web/dist instead of building it first. */
const SKIP_BUILD = process.env.LIGHTHOUSE_SKIP_BUILD === 'true';
/**
 * The server's NODE_ENV: production, or development as a newcomer's `npm start` runs it (issue 26).
 * Each mode keeps its own section of RESULTS.md.
 */
const MODE = process.env.LIGHTHOUSE_MODE === 'development' ? 'development' : 'production';
const MARK = MODE === 'production' ? 'lighthouse-bench' : 'lighthouse-bench-development';

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
}

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<unknown>;
}

/** The server entry point on DATA_DIR `dataDir`, with nothing of the caller's database or mail settings. */
async function startServer(dataDir: string, extra: Record<string, string>): Promise<Server> {
  const port = PORT ?? (await freePort());
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['SMTP_URL', 'DATABASE_URL', 'REDIS_URL', 'AI_BASE_URL', 'APP_URL']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extra },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { child, base, exited };
    if (i > 1200) throw new Error('the server did not start within 4 minutes');
    await sleep(200);
  }
}

async function stopServer(server: Server) {
  server.child.kill('SIGTERM');
  await server.exited;
}

interface Audit {
  numericValue?: number;
}
interface LighthouseResult {
  categories: { performance: { score: number }; accessibility: { score: number } };
  audits: Record<string, Audit & { details?: { items?: NetworkItem[] } }>;
}
interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface Score {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Bytes of script on the wire for the page's load, and what they are unpacked. */
  scriptTransfer: number;
  scriptSize: number;
  failedAccessibility: string[];
}

async function lighthouse(url: string, outDir: string, name: string): Promise<Score> {
  const out = path.join(outDir, `${name}.json`);
  run(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${out}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { ...process.env, CHROME_PATH },
  );
  const report = JSON.parse(await readFile(out, 'utf8')) as LighthouseResult & {
    categories: { accessibility: { auditRefs: { id: string; weight: number }[] } };
  };
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  const failed = report.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ id: ref.id, audit: report.audits[ref.id] as Audit & { score: number | null } }))
    .filter(({ audit: a }) => a?.score !== null && a?.score !== undefined && a.score < 1)
    .map(({ id }) => id);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndex: audit('speed-index'),
    scriptTransfer: scripts.reduce((total, item) => total + (item.transferSize ?? 0), 0),
    scriptSize: scripts.reduce((total, item) => total + (item.resourceSize ?? 0), 0),
    failedAccessibility: failed,
  };
}

const median = (scores: Score[]) =>
  [...scores].sort((a, b) => a.performance - b.performance)[Math.floor(scores.length / 2)] as Score;

if (!SKIP_BUILD) {
  log('building the web app…');
  run('npm', ['run', 'build', '-w', '@canopy/web']);
}

const seeded = KEPT_DATA_DIR !== null && existsSync(path.join(KEPT_DATA_DIR, 'seeded'));
const dataDir = KEPT_DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'canopy-lighthouse-')));
try {
  if (!seeded) {
    // Production never seeds demo data, so a development start fills the folder first.
    log('seeding the demo data…');
    await mkdir(dataDir, { recursive: true });
    await stopServer(await startServer(dataDir, { NODE_ENV: 'development', SEED_DEMO: 'true' }));
    if (KEPT_DATA_DIR) writeFileSync(path.join(dataDir, 'seeded'), new Date().toISOString());
  }
  const server = await startServer(dataDir, { NODE_ENV: MODE });
  try {
    const listing = (await (await fetch(`${server.base}/api/products?limit=12`)).json()) as {
      data: { _id: string; name: string; media: { type: string }[] }[];
    };
    const product = listing.data.find((item) => item.media[0]?.type === 'image');
    if (!product) throw new Error('the demo data has no product with a picture');
    const pages = [
      { name: 'home', path: '/' },
      { name: 'products', path: '/products' },
      { name: 'product', path: `/products/${product._id}` },
    ];
    const results: { page: string; best: Score; all: Score[] }[] = [];
    for (const page of pages) {
      const all: Score[] = [];
      for (let i = 0; i < RUNS; i++) {
        // On a loaded machine Chromium now and then fails to record the trace (NO_NAVSTART): that
        // run is made again once rather than losing the whole measurement.
        const score = await lighthouse(`${server.base}${page.path}`, dataDir, `${page.name}-${i}`).catch(
          (error: unknown) => {
            log(`${page.path}: run failed, once more (${String(error).split('\n').at(-2) ?? error})`);
            return lighthouse(`${server.base}${page.path}`, dataDir, `${page.name}-${i}-again`);
          },
        );
        log(
          `${page.path}: performance ${score.performance}, accessibility ${score.accessibility}, ` +
            `LCP ${Math.round(score.lcp)} ms, CLS ${score.cls.toFixed(3)}, load ${os.loadavg()[0]?.toFixed(1)}`,
        );
        all.push(score);
      }
      results.push({ page: page.path.replace(product._id, ':id'), best: median(all), all });
    }
    await stopServer(server);
    report(results);
  } finally {
    if (server.child.exitCode === null) await stopServer(server);
  }
} finally {
  if (!KEPT_DATA_DIR) await rm(dataDir, { recursive: true, force: true });
}

function report(results: { page: string; best: Score; all: Score[] }[]) {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const ms = (value: number) => (value / 1000).toFixed(2);
  const load = os.loadavg().map((value) => value.toFixed(1));
  const rows = results.map(({ page, best, all }) =>
    [
      `\`${page}\``,
      best.performance,
      all.map((score) => score.performance).join(', '),
      best.accessibility,
      `${ms(best.fcp)} s`,
      `${ms(best.lcp)} s`,
      `${Math.round(best.tbt)} ms`,
      best.cls.toFixed(3),
      `${ms(best.speedIndex)} s`,
      `${kb(best.scriptTransfer)} / ${kb(best.scriptSize)}`,
    ].join(' | '),
  );
  const failures = results.flatMap(({ page, best }) =>
    best.failedAccessibility.length > 0 ? [`- ${page}: ${best.failedAccessibility.join(', ')}`] : [],
  );
  const text = [
    `<!-- ${MARK}:start -->`,
    MODE === 'production'
      ? '## Pages for people (`bench/lighthouse.ts`)'
      : '### The same pages in development mode (`LIGHTHOUSE_MODE=development`)',
    '',
    `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ` +
      `Node ${process.version}, ${LIGHTHOUSE} (mobile, default simulated throttling), Chromium headless; ` +
      `the server in ${MODE} mode with the demo data on the embedded database. Median of ${results[0]?.all.length} runs ` +
      `per page by performance score; load average at the end ${load.join(' / ')} (1/5/15 min).`,
    '',
    '| page | performance | all runs | accessibility | FCP | LCP | TBT | CLS | Speed Index | JS KiB on the wire / unpacked |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row} |`),
    ...(failures.length > 0 ? ['', 'Accessibility audits not passed:', ...failures] : []),
    `<!-- ${MARK}:end -->`,
  ].join('\n');
  log(`\n${text}\n`);
  const resultsFile = path.join(import.meta.dirname, 'RESULTS.md');
  let results_ = readFileSync(resultsFile, 'utf8');
  const section = new RegExp(`<!-- ${MARK}:start -->[\\s\\S]*<!-- ${MARK}:end -->`);
  results_ = section.test(results_) ? results_.replace(section, text) : `${results_.trimEnd()}\n\n${text}\n`;
  writeFileSync(resultsFile, results_);
  log(`written to ${resultsFile}`);
}
