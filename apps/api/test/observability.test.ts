import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { loggerOptions } from '../src/observability/logger-options.ts';
import { contactAbout, openStream, person, sellerWithListing } from './messages-helpers.ts';
import { openTestDatabase } from './support/database.ts';
import { captureLog, eventually, freePort } from './support/scratch-servers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Metrics on their own port when METRICS=true (decision 057), never on the app port; one log line
// per request, health checks unlogged.

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const refused = (url: string) =>
  fetch(url).then(
    () => false,
    () => true,
  );

/**
 * The app port has no /metrics: the path is an unknown API-less page, answered by the web app's
 * shell when the web app is built and by the 404 body when it is not, never by metrics.
 */
async function expectNoMetricsAt(url: string) {
  const response = await fetch(url);
  expect(response.headers.get('content-type')).not.toContain('text/plain');
  expect(await response.text()).not.toContain('canopy_');
}

describe('GET /metrics', () => {
  let test: TestApp;
  let appUrl: string;
  let metricsUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    test = await createTestApp({ METRICS: 'true', METRICS_PORT: String(port) });
    appUrl = await listen(test.app);
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
  });
  afterAll(() => test.close());

  it('serves Prometheus text on the metrics port and nothing on the app port', async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(await response.text()).toContain('# TYPE canopy_http_requests_total counter');
    await expectNoMetricsAt(`${appUrl}/metrics`);
    expect((await fetch(`${metricsUrl.replace('/metrics', '/other')}`)).status).toBe(404);
  });

  it('counts requests and times them per route pattern, not per URL', async () => {
    await test.app.inject({ method: 'GET', url: '/api/products?limit=3' });
    await test.app.inject({ method: 'GET', url: '/api/products' });
    await test.app.inject({ method: 'GET', url: '/api/products/0190a0b0-0000-7000-8000-000000000001' });
    await test.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    // A response is counted in its onResponse hook, just after inject() has it.
    let text = '';
    await eventually(async () => {
      text = await (await fetch(metricsUrl)).text();
      return text.includes('route="/api/products/:id",status="404"} 1');
    });
    expect(text).toContain('canopy_http_requests_total{method="GET",route="/api/products",status="200"} 2');
    expect(text).toContain(
      'canopy_http_requests_total{method="GET",route="/api/products/:id",status="404"} 1',
    );
    // Paths that match no route share one label (the first test's request counts here too).
    expect(text).toMatch(/canopy_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+\n/);
    expect(text).toMatch(
      /canopy_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/products",status="200"\} 2/,
    );
    expect(text).toContain(
      'canopy_http_request_duration_seconds_count{method="GET",route="/api/products",status="200"} 2',
    );
    expect(text).not.toContain('0190a0b0');
    expect(text).not.toContain('limit=3');
  });

  it('reports live streams and the mail queue', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test, { role: 'buyer' });
    await contactAbout(test, buyer, listing);
    const stream = await openStream(appUrl, seller.token);
    await stream.nextEvent('unread');
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toContain('canopy_messaging_live_streams 1');
    // The unread message waits for its notification e-mail (decision 023).
    expect(text).toContain('canopy_message_notifications{state="waiting"} 1');
    expect(text).toContain('canopy_message_notifications{state="overdue"} 0');
    expect(text).toMatch(/canopy_mail_queue_jobs\{state="pending"\} \d+\n/);
    expect(text).toContain('canopy_mail_queue_jobs{state="failed"} 0');
    expect(text).toContain('canopy_process_cpu_seconds_total');
    stream.close();
    await eventually(async () =>
      (await (await fetch(metricsUrl)).text()).includes('canopy_messaging_live_streams 0'),
    );
  });
});

describe('metrics off', () => {
  it('opens no metrics port and answers /metrics 404 when METRICS is unset', async () => {
    const port = await freePort();
    const test = await createTestApp({ METRICS_PORT: String(port) });
    try {
      const appUrl = await listen(test.app);
      await expectNoMetricsAt(`${appUrl}/metrics`);
      expect(await refused(`http://127.0.0.1:${port}/metrics`)).toBe(true);
    } finally {
      await test.close();
    }
  });
});

describe('request log', () => {
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;
  const log = captureLog();
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-log-'));
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    app = await buildApp({ config, database, logger: { level: 'info', stream: log.stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    log.lines.length = 0;
  });

  it('writes one line per request with method, route, status and time', async () => {
    await app.inject({ method: 'GET', url: '/api/products?limit=2' });
    await eventually(() => log.lines.length > 0);
    const requestLines = log.lines.filter((line) => line.route !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ level: 30, method: 'GET', route: '/api/products', status: 200 });
    expect(typeof requestLines[0]?.ms).toBe('number');
    expect(requestLines[0]?.msg).toMatch(/^GET \/api\/products 200 [\d.]+ ms$/);
    expect(log.messages()).not.toContain('incoming request');
    expect(log.messages()).not.toContain('request completed');
  });

  it('does not log health checks', async () => {
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/health' });
    expect(log.lines).toEqual([]);
  });

  it('names the route pattern, so tokens in a URL stay out of the log', async () => {
    await app.inject({ method: 'POST', url: '/api/auth/verify-email?token=secret-token-123', payload: {} });
    await eventually(() => log.lines.length > 0);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({ route: '/api/auth/verify-email' });
    expect(JSON.stringify(log.lines)).not.toContain('secret-token-123');
  });

  it('names the path, without its query, of a request that matches no API route', async () => {
    await app.inject({ method: 'GET', url: '/api/no-such-thing?token=secret-token-456' });
    await eventually(() => log.lines.length > 0);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({ route: 'unmatched', path: '/api/no-such-thing', status: 404 });
    expect(log.lines[0]?.msg).toMatch(/^GET \/api\/no-such-thing 404 [\d.]+ ms$/);
    expect(JSON.stringify(log.lines)).not.toContain('secret-token-456');
  });
});

describe('log format', () => {
  it('is JSON in production and pino-pretty lines in development', () => {
    expect(loggerOptions(loadConfig({ NODE_ENV: 'production' }))).toEqual({ level: 'info' });
    expect(loggerOptions(loadConfig({}), 'debug')).toMatchObject({
      level: 'debug',
      transport: { target: 'pino-pretty' },
    });
  });
});
