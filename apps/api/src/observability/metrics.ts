import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context.ts';
import type { Mailer } from '../lib/mail.ts';
import { eventHubOf } from '../modules/messaging/lifecycle.ts';
import { readMailQueueStats } from './mail-queue-stats.ts';

// Prometheus metrics (decision 057), on a listener of their own (METRICS_HOST:METRICS_PORT,
// loopback by default) and never on the app port: what they reveal (routes, traffic, queue sizes)
// is for the operator, and the app port is public behind any proxy.

export const METRICS_PATH = '/metrics';

/** The label for a request: its route pattern, never the raw URL (ids and tokens stay out). */
export function routeLabel(request: FastifyRequest, apiUrls: ReadonlySet<string>): string {
  const url = request.routeOptions.url;
  if (url === undefined) return 'unmatched';
  return apiUrls.has(url) ? url : 'static';
}

export function createMetrics(app: FastifyInstance, ctx: AppContext, apiUrls: ReadonlySet<string>): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'canopy_' });

  const requests = new Counter({
    name: 'canopy_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'canopy_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeLabel(request, apiUrls), status: reply.statusCode };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const pool = ctx.database.pool;
  new Gauge({
    name: 'canopy_db_pool_connections',
    help: 'PostgreSQL pool connections: open in total, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'canopy_db_pool_max',
    help: 'Most connections the PostgreSQL pool opens',
    registers: [registry],
    collect() {
      if (pool) this.set(pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'canopy_messaging_live_streams',
    help: 'Open live message streams (Server-Sent Events) on this instance',
    registers: [registry],
    collect() {
      this.set(eventHubOf(ctx).size);
    },
  });
  new Gauge({
    name: 'canopy_mail_queue_jobs',
    help: 'Mail jobs waiting in the database queue; overdue: due over 5 minutes ago and not sent',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      try {
        const stats = await readMailQueueStats(ctx.database.db);
        this.set({ state: 'waiting' }, stats.waiting);
        this.set({ state: 'overdue' }, stats.overdue);
      } catch (error) {
        // A scrape during an outage still answers, without these two; the outage is logged once.
        if (!app.databaseOutage.recognise(error))
          ctx.log.warn({ err: error }, 'metrics: mail queue not read');
        this.reset();
      }
    },
  });
  const mailFailures = new Counter({
    name: 'canopy_mail_send_failures_total',
    help: 'Mails the transport (SMTP or outbox) refused',
    registers: [registry],
  });
  ctx.mailer = countFailures(ctx.mailer, () => mailFailures.inc());
  return registry;
}

function countFailures(mailer: Mailer, failed: () => void): Mailer {
  return {
    describe: () => mailer.describe(),
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        failed();
        throw error;
      }
    },
  };
}

/** Serves GET /metrics on its own port; everything else there is 404. */
export async function serveMetrics(registry: Registry, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}

/** Metrics when METRICS=true: collected from the start, served once the app listens. */
export function installMetrics(app: FastifyInstance, ctx: AppContext, apiUrls: ReadonlySet<string>): void {
  const { enabled, host, port } = ctx.config.operations.metrics;
  if (!enabled) return;
  const registry = createMetrics(app, ctx, apiUrls);
  let server: Server | null = null;
  app.addHook('onListen', async () => {
    server = await serveMetrics(registry, host, port);
    app.log.info(`metrics at http://${host}:${port}${METRICS_PATH}`);
  });
  app.addHook('onClose', async () => {
    const open = server;
    if (open) await new Promise((resolve) => open.close(resolve));
  });
}
