import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { like, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { messages, users } from '../apps/api/src/db/schema/index.ts';
import { uuidv7 } from '../apps/api/src/lib/ids.ts';
import { insertListing, insertUser } from '../apps/api/src/seed/factories.ts';
import { freePort, startScratchPostgres } from '../apps/api/test/support/scratch-servers.ts';

// Load with a database restart in the middle (bench/README.md): BENCH_USERS simulated buyers
// browse, search, open listings, send and read messages against one server process on a scratch
// PostgreSQL cluster for BENCH_SECONDS, and the cluster is stopped BENCH_OUTAGE_AT seconds in for
// BENCH_OUTAGE_SECONDS. Then: every acknowledged message stored exactly once, no 5xx outside the
// outage, every 5xx inside it a 503, the p99 of each call, and what the server logged.

const USERS = Number(process.env.BENCH_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const OUTAGE_AT = Number(process.env.BENCH_OUTAGE_AT ?? 25);
const OUTAGE_SECONDS = Number(process.env.BENCH_OUTAGE_SECONDS ?? 10);
const SELLERS = 20;
const LISTINGS_PER_SELLER = 10;
const PASSWORD = 'bench-password';
/** After the restart, time for the pool and the listener to reconnect before 5xx count again. */
const RECOVERY_GRACE_MS = 3000;
const WORDS = ['kush', 'gelato', 'haze', 'diesel', 'cake', 'lemon', 'runtz', 'listing', 'indoor', 'flower'];

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;

type Call = 'browse' | 'search' | 'open listing' | 'send message' | 'conversations' | 'read thread';
interface Sample {
  call: Call;
  startedAt: number;
  ms: number;
  status: number; // 0: no answer (connection error)
}

const pg = await startScratchPostgres();
const database = await openDatabase({ databaseUrl: pg.url, dataDir: '' });
await runMigrations(database);

// People: one password hash, copied (argon2 for 220 users would take minutes on a busy machine).
const firstSeller = await insertUser(database.db, { role: 'seller', password: PASSWORD });
const firstBuyer = await insertUser(database.db, { role: 'buyer', password: PASSWORD });
const copy = (row: typeof firstBuyer, role: string, i: number) => ({
  ...row,
  id: uuidv7(),
  email: `${role}${i}@bench.test`,
  businessName: `Bench ${role} ${i}`,
  licenseNumber: `C1${role === 'seller' ? 1 : 0}-${String(i).padStart(7, '0')}-LIC`,
  createdAt: new Date(),
  updatedAt: new Date(),
});
const sellers = [
  firstSeller,
  ...(await database.db
    .insert(users)
    .values(Array.from({ length: SELLERS - 1 }, (_, i) => copy(firstSeller, 'seller', i + 1)))
    .returning()),
];
await database.db
  .insert(users)
  .values(Array.from({ length: USERS - 1 }, (_, i) => copy(firstBuyer, 'buyer', i + 1)));
// The copies skip the factory, so they are made owners of their companies of one here (decision 184).
await database.db.execute(
  sql`INSERT INTO companies (id) SELECT id FROM users WHERE role <> 'admin' ON CONFLICT DO NOTHING`,
);
await database.db.execute(
  sql`INSERT INTO company_members (user_id, company_id, role)
      SELECT id, id, 'owner' FROM users WHERE role <> 'admin' ON CONFLICT DO NOTHING`,
);
const buyerEmails = [
  firstBuyer.email,
  ...Array.from({ length: USERS - 1 }, (_, i) => `buyer${i + 1}@bench.test`),
];
const listings: { id: string; sellerId: string }[] = [];
for (const seller of sellers) {
  for (let i = 0; i < LISTINGS_PER_SELLER; i++) {
    const listing = await insertListing(database.db, seller, {
      title: `${pick(WORDS)} ${pick(WORDS)} lot ${listings.length}`,
      strain: pick(['Blue Dream', 'Wedding Cake', 'Sour Diesel', 'Lemon Haze', 'OG Kush']),
    });
    listings.push({ id: listing.id, sellerId: seller.id });
  }
}

// One server process, as `npm start` would run it in production, behind a "proxy" (this script)
// that names each simulated user's address, so each has its own request budget.
const port = await freePort();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-bench-'));
const serverLog = path.join(dataDir, 'server.log');
const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: pg.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    SEED_DEMO: 'false',
    TRUST_PROXY: '127.0.0.1',
    MESSAGE_EMAIL_DELAY_SECONDS: '30',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const serverExited = new Promise((resolve) => server.once('exit', resolve));
const logFile = createWriteStream(serverLog);
server.stdout?.pipe(logFile);
server.stderr?.pipe(logFile);
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  const ok = await fetch(`${base}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
  if (ok) break;
  if (i > 600) throw new Error('the server did not start');
  await sleep(100);
}

const headersFor = (user: number, token?: string) => ({
  'x-forwarded-for': `10.${Math.floor(user / 250)}.${user % 250}.1`,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  'content-type': 'application/json',
});

log(`signing in ${USERS} buyers…`);
const tokens: string[] = [];
for (let start = 0; start < USERS; start += 10) {
  const batch = buyerEmails.slice(start, start + 10).map(async (email, offset) => {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: headersFor(start + offset),
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: { token: string } }).data.token;
  });
  tokens.push(...(await Promise.all(batch)));
}

const samples: Sample[] = [];
const sent = new Map<string, number>(); // message token → status of its POST
const loadBefore = os.loadavg()[0] ?? 0;
const startedAt = Date.now();
const endAt = startedAt + SECONDS * 1000;
let outageFrom = Number.POSITIVE_INFINITY;
let outageTo = Number.POSITIVE_INFINITY;

/** One call, timed to the last byte of its body; status 0 when no answer came. */
async function timed(call: Call, url: string, init: RequestInit): Promise<{ status: number; body: string }> {
  const begin = Date.now();
  let status = 0;
  let body = '';
  try {
    const response = await fetch(`${base}${url}`, init);
    body = await response.text();
    status = response.status;
  } catch {
    status = 0;
  }
  samples.push({ call, startedAt: begin, ms: Date.now() - begin, status });
  return { status, body };
}

async function simulate(user: number): Promise<void> {
  const token = tokens[user] as string;
  let sequence = 0;
  await sleep(Math.random() * 1000);
  while (Date.now() < endAt) {
    const roll = Math.random();
    const get = { headers: headersFor(user, token) };
    if (roll < 0.3) {
      await timed('browse', `/api/products?page=${1 + Math.floor(Math.random() * 10)}&limit=12`, get);
    } else if (roll < 0.5) {
      await timed('search', `/api/products?search=${pick(WORDS)}`, get);
    } else if (roll < 0.7) {
      await timed('open listing', `/api/products/${pick(listings).id}`, get);
    } else if (roll < 0.8) {
      const listing = pick(listings);
      const mark = `bench-${user}-${++sequence}-${uuidv7()}`;
      const response = await timed('send message', '/api/messages', {
        method: 'POST',
        headers: headersFor(user, token),
        body: JSON.stringify({ receiverId: listing.sellerId, listingId: listing.id, content: mark }),
      });
      sent.set(mark, response.status);
    } else {
      const list = await timed('conversations', '/api/messages/conversations', get);
      if (list.status === 200) {
        const conversations = (JSON.parse(list.body) as { data: { _id: string }[] }).data;
        if (conversations.length > 0)
          await timed('read thread', `/api/messages/thread/${pick(conversations)._id}`, get);
      }
    }
    await sleep(500 + Math.random() * 1000);
  }
}

async function outage(): Promise<void> {
  await sleep(OUTAGE_AT * 1000);
  outageFrom = Date.now();
  log(`t=${((outageFrom - startedAt) / 1000).toFixed(1)} s: stopping PostgreSQL`);
  await pg.stop();
  await sleep(OUTAGE_SECONDS * 1000);
  await pg.start();
  outageTo = Date.now() + RECOVERY_GRACE_MS;
  log(`t=${((Date.now() - startedAt) / 1000).toFixed(1)} s: PostgreSQL is back`);
}

log(`${USERS} users for ${SECONDS} s; PostgreSQL stopped at ${OUTAGE_AT} s for ${OUTAGE_SECONDS} s`);
await Promise.all([...Array.from({ length: USERS }, (_, user) => simulate(user)), outage()]);
const loadAfter = os.loadavg()[0] ?? 0;
// Let the last requests' logs land.
await sleep(1000);
const serverDied = server.exitCode !== null || server.signalCode !== null;
if (!serverDied) server.kill('SIGTERM');
await serverExited;

// Messages: each acknowledged one stored exactly once; refused ones at most once.
const stored = new Map<string, number>();
for (const row of await database.db
  .select({ content: messages.content })
  .from(messages)
  .where(like(messages.content, 'bench-%'))) {
  stored.set(row.content, (stored.get(row.content) ?? 0) + 1);
}
let acknowledged = 0;
let lost = 0;
let refused = 0;
let refusedButStored = 0;
for (const [mark, status] of sent) {
  const count = stored.get(mark) ?? 0;
  if (status === 201) {
    acknowledged++;
    if (count === 0) lost++;
  } else {
    refused++;
    if (count > 0) refusedButStored++;
  }
}
const duplicated = [...stored.values()].filter((count) => count > 1).length;
const strangers = [...stored.keys()].filter((mark) => !sent.has(mark)).length;
await database.close();

// A call was exposed to the outage if it was in flight at any moment of it, not only if it began
// inside it: at a p50 of seconds, calls begun just before the stop are answered during it.
const inOutage = (sample: Sample) =>
  sample.startedAt <= outageTo && sample.startedAt + sample.ms >= outageFrom;
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
const calls: Call[] = ['browse', 'search', 'open listing', 'send message', 'conversations', 'read thread'];
const rows = calls.map((call) => {
  const outside = samples.filter((sample) => sample.call === call && !inOutage(sample));
  const ms = outside.map((sample) => sample.ms).sort((a, b) => a - b);
  const during = samples.filter((sample) => sample.call === call && inOutage(sample));
  return {
    call,
    count: outside.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? 0,
    fiveXxOutside: outside.filter((sample) => sample.status >= 500 || sample.status === 0).length,
    fiveHundredsAnywhere: samples.filter((sample) => sample.call === call && sample.status === 500).length,
    during: during.length,
    during503: during.filter((sample) => sample.status === 503).length,
    duringOther5xx: during.filter((sample) => sample.status >= 500 && sample.status !== 503).length,
  };
});
const logLines = readFileSync(serverLog, 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('{'))
  .map((line) => JSON.parse(line) as { level: number; msg: string });
const countLog = (test: (line: { level: number; msg: string }) => boolean) => logLines.filter(test).length;
const outageLines = countLog((line) => line.msg === 'database unreachable: answering 503 until it is back');
const recoveryLines = countLog((line) => line.msg.startsWith('database reachable again'));
const unhandled = countLog((line) => line.msg === 'unhandled error');
const otherWarnings = logLines.filter(
  (line) =>
    line.level >= 40 &&
    line.msg !== 'database unreachable: answering 503 until it is back' &&
    !line.msg.startsWith('database reachable again'),
);
const warningKinds = new Map<string, number>();
for (const line of otherWarnings) warningKinds.set(line.msg, (warningKinds.get(line.msg) ?? 0) + 1);
const statusCounts = new Map<number, number>();
for (const sample of samples) statusCounts.set(sample.status, (statusCounts.get(sample.status) ?? 0) + 1);

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const report = [
  '<!-- outage-bench:start -->',
  '## Database restart under load (`bench/outage.ts`)',
  '',
  `Run ${new Date().toISOString().slice(0, 16)} UTC: ${USERS} simulated buyers for ${SECONDS} s against one server`,
  `process (\`NODE_ENV=production\`, PostgreSQL 15 scratch cluster with \`fsync=off\` on the same machine),`,
  `PostgreSQL stopped (\`pg_ctl stop -m fast\`) at ${OUTAGE_AT} s and started again ${OUTAGE_SECONDS} s later.`,
  `Each user: browse 30%, search 20%, open a listing 20%, send a message 10%, read conversations and a`,
  `thread 20%, with 0.5–1.5 s between actions; each user has its own address through \`TRUST_PROXY\`.`,
  `Machine: ${os.cpus().length} × ${cpu}, Node ${process.version}; load generator, server and database`,
  `share it. Load average (1 min) ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.`,
  '',
  `Requests: ${samples.length} (${(samples.length / SECONDS).toFixed(0)}/s); statuses: ${[...statusCounts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'no answer' : status} × ${count}`)
    .join(', ')}.`,
  `Outage window, from the stop to ${RECOVERY_GRACE_MS / 1000} s after the start returned: ${((outageTo - outageFrom) / 1000).toFixed(1)} s. Latencies are of the calls not in flight during it.`,
  '',
  '| call | requests outside the outage | p50 ms | p95 ms | p99 ms | max ms | 5xx or no answer outside | in flight during the outage | of which 503 | other 5xx during | 500 anywhere |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.call} | ${row.count} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.max} | ${row.fiveXxOutside} | ${row.during} | ${row.during503} | ${row.duringOther5xx} | ${row.fiveHundredsAnywhere} |`,
  ),
  '',
  `Messages: ${sent.size} sent, ${acknowledged} acknowledged (201), **${lost} lost**, **${duplicated} duplicated**,`,
  `${strangers} stored that nobody sent; ${refused} answered otherwise (503 or no answer), of which ${refusedButStored} were`,
  'stored anyway (committed, then the outage failed the rest of the request: a client that retried would send those twice).',
  '',
  serverDied
    ? '**The server process died during the run** (its log says why).'
    : 'The server ran throughout.',
  `Server log: ${outageLines} outage line, ${recoveryLines} recovery line, ${unhandled} "unhandled error".`,
  otherWarnings.length === 0
    ? 'No other warnings or errors.'
    : `Other warnings and errors: ${[...warningKinds].map(([msg, count]) => `"${msg}" × ${count}`).join('; ')}.`,
  '<!-- outage-bench:end -->',
].join('\n');
log(`\n${report}\n`);

const resultsFile = path.join(import.meta.dirname, 'RESULTS.md');
let results = '';
try {
  results = readFileSync(resultsFile, 'utf8');
} catch {
  results = '# Benchmark results\n';
}
const section = /<!-- outage-bench:start -->[\s\S]*<!-- outage-bench:end -->/;
results = section.test(results) ? results.replace(section, report) : `${results.trimEnd()}\n\n${report}\n`;
writeFileSync(resultsFile, results);
await pg.destroy();
await rm(dataDir, { recursive: true, force: true });
log(`written to ${resultsFile}`);
