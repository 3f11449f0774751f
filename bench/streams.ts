import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { createSession } from '../apps/api/src/modules/auth/sessions.ts';
import { insertListing, insertUser } from '../apps/api/src/seed/factories.ts';
import { ensureDatabase } from './generate.ts';
import { startProductionServer } from './production-server.ts';

// Live delivery with 1,000 open streams (issue 13: p99 within 200 ms). 100 buyers hold 10 message
// streams each (the most one user may open) on one server in production mode; each buyer sends one
// message to a seller, paced over a few seconds, and the time from sending to its `message` event
// on each of the sender's 10 streams is recorded (so it includes the send itself).
//   node --import tsx bench/streams.ts

const _root = path.resolve(import.meta.dirname, '..');
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/canopy_bench_live';
const BUYERS = Number(process.env.BENCH_BUYERS ?? 100);
const STREAMS_EACH = 10;
const SEND_EVERY_MS = Number(process.env.BENCH_SEND_EVERY_MS ?? 50);
const PORT = 3903;

await ensureDatabase(url);
const database = await openDatabase({ databaseUrl: url, dataDir: '' });
await runMigrations(database);
const run = Date.now();
const seller = await insertUser(database.db, {
  role: 'seller',
  email: `live-seller-${run}@bench.example.com`,
});
const listing = await insertListing(database.db, seller, { title: 'Live bench lot' });
const buyers: { id: string; token: string }[] = [];
for (let i = 0; i < BUYERS; i++) {
  const buyer = await insertUser(database.db, { role: 'buyer', email: `live-${run}-${i}@bench.example.com` });
  buyers.push({ id: buyer.id, token: await createSession(database.db, buyer.id) });
}
await database.close();

const server = await startProductionServer({
  databaseUrl: url,
  port: PORT,
  // Each buyer is a client of its own (the contact form allows 30 a minute per address).
  env: { TRUST_PROXY: '127.0.0.1' },
});
const base = server.base;
const controller = new AbortController();
/** When each tagged message was sent, and when it arrived on each stream. */
const sentAt = new Map<string, number>();
const latencies: number[] = [];

async function openStream(token: string, opened: () => void) {
  const response = await fetch(`${base}/api/messages/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  opened();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const tag = frame.startsWith('event: message') ? /bench-tag-[\w-]+/.exec(frame)?.[0] : undefined;
        const sent = tag ? sentAt.get(tag) : undefined;
        if (sent !== undefined) latencies.push(performance.now() - sent);
        end = buffer.indexOf('\n\n');
      }
    }
  } catch {
    // Aborted at the end of the run.
  }
}

try {
  let open = 0;
  // Opened a user at a time, as people arrive, not a thousand in the same millisecond.
  for (const buyer of buyers) {
    await Promise.all(
      Array.from(
        { length: STREAMS_EACH },
        () =>
          new Promise<void>((resolve, reject) => {
            openStream(buyer.token, () => {
              open += 1;
              resolve();
            }).catch(reject);
          }),
      ),
    );
  }
  process.stdout.write(`${open} streams open\n`);
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const sends: Promise<Response>[] = [];
  for (const [i, buyer] of buyers.entries()) {
    const tag = `bench-tag-${run}-${i}`;
    sentAt.set(tag, performance.now());
    sends.push(
      fetch(`${base}/api/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${buyer.token}`,
          'content-type': 'application/json',
          'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${1 + (i % 250)}`,
        },
        body: JSON.stringify({
          receiverId: seller.id,
          listingId: listing.id,
          content: `Is it available? ${tag}`,
        }),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, SEND_EVERY_MS));
  }
  const statuses = (await Promise.all(sends)).map((response) => response.status);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
  process.stdout.write(
    [
      `${open} open streams, ${buyers.length} messages (${statuses.filter((s) => s === 201).length} answered 201),`,
      `${sorted.length} of ${buyers.length * STREAMS_EACH} deliveries arrived;`,
      `send-to-event p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`,
      `(machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, load average ${os.loadavg()[0]?.toFixed(1)}, ${new Date().toISOString().slice(0, 16)} UTC)\n`,
    ].join(' '),
  );
} finally {
  controller.abort();
  await server.stop();
}
