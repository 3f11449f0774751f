import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context.ts';
import { mailQueueStats } from '../lib/mail-queue.ts';
import { readNotificationBacklog } from './notification-backlog.ts';

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
      this.set(app.eventHub.size);
    },
  });
  /** A gauge read from the database at scrape time; during an outage it is left out, not an error. */
  const fromDatabase = (name: string, help: string, read: () => Promise<Record<string, number>>) =>
    new Gauge({
      name,
      help,
      labelNames: ['state'],
      registers: [registry],
      async collect() {
        try {
          for (const [state, value] of Object.entries(await read())) this.set({ state }, value);
        } catch (error) {
          if (!app.databaseOutage.recognise(error)) ctx.log.warn({ err: error }, `metrics: ${name} not read`);
          this.reset();
        }
      },
    });
  fromDatabase(
    'canopy_mail_queue_jobs',
    'Mails in the durable queue: pending (waiting or being sent) and failed (given up after retries)',
    async () => ({ ...(await mailQueueStats(ctx.database.db)) }),
  );
  fromDatabase(
    'canopy_message_notifications',
    'Message notifications waiting out their delay; overdue: due over 5 minutes ago and not handled',
    async () => ({ ...(await readNotificationBacklog(ctx.database.db)) }),
  );
  return registry;
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
