import { execFileSync } from 'node:child_process';
import { existsSync, openAsBlob, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VIDEO_MAX_BYTES } from '@canopy/shared';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { insertUser } from '../apps/api/src/seed/factories.ts';
import { ensureDatabase } from './generate.ts';
import { startProductionServer } from './production-server.ts';

// A listing with a video near the 100MB limit, uploaded to the app in production mode: how much the
// server's resident memory grows while it takes it (issue 13: under 64MB). The server's RSS is read
// from /proc every 20 ms from before the upload until its answer.
//   node --import tsx bench/upload-memory.ts

const _root = path.resolve(import.meta.dirname, '..');
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/canopy_bench_upload';
const PORT = 3902;
const video = path.join(os.tmpdir(), 'canopy-bench-video.mp4');

if (!existsSync(video)) {
  // About 95MB of MPEG-4 test pattern: a real video, so the upload goes the whole way (poster frame).
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1920x1080:rate=30',
    '-t',
    '27',
    '-c:v',
    'mpeg4',
    '-b:v',
    '40M',
    '-pix_fmt',
    'yuv420p',
    video,
  ]);
}
const size = statSync(video).size;
if (size > VIDEO_MAX_BYTES) throw new Error(`${video} is over the video limit; delete it to make a new one`);

await ensureDatabase(url);
const database = await openDatabase({ databaseUrl: url, dataDir: '' });
await runMigrations(database);
const email = `upload-${Date.now()}@bench.example.com`;
await insertUser(database.db, { role: 'seller', email, password: 'bench-password-1' });
await database.close();

const rss = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) * 1024;
};
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const server = await startProductionServer({ databaseUrl: url, port: PORT });
try {
  const base = server.base;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1' }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  // Settle: a few requests and a moment, so the baseline includes what any first request loads.
  await fetch(`${base}/api/products?limit=8`);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const pid = server.process.pid ?? 0;
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 20);

  const form = new FormData();
  const fields = {
    title: 'Bench video lot',
    description: 'A lot with a long video, for the upload memory benchmark.',
    product_type: 'Flower - Indoor',
    strain: 'Blue Dream',
    zip_code: '95501',
    quantity_lbs: '10',
    asking_price: '1000',
    make_offer: 'false',
    negotiable: 'false',
    tested: 'false',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('videos', await openAsBlob(video, { type: 'video/mp4' }), 'bench.mp4');
  const started = Date.now();
  const response = await fetch(`${base}/api/listings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${data.token}` },
    body: form,
  });
  const answer = await response.text();
  clearInterval(sampler);
  peak = Math.max(peak, rss(pid));
  const line = [
    `upload of ${mb(size)} MB: HTTP ${response.status} in ${((Date.now() - started) / 1000).toFixed(1)} s;`,
    `server RSS ${mb(before)} MB before, peak ${mb(peak)} MB: grew ${mb(peak - before)} MB`,
    `(machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, load average ${os.loadavg()[0]?.toFixed(1)}, ${new Date().toISOString().slice(0, 16)} UTC)`,
  ].join(' ');
  process.stdout.write(`${line}\n`);
  if (response.status !== 201) process.stdout.write(`${answer.slice(0, 500)}\n`);
} finally {
  await server.stop();
}
