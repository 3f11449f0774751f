import type { FastifyInstance } from 'fastify';
import { HEALTH_PATH } from '../http/rate-limits.ts';
import { routeLabel } from './metrics.ts';

// One line per request at info (decision 057) instead of Fastify's two, naming the route pattern
// rather than the URL, so ids and the tokens of verification links stay out of the log. Health
// checks, which a load balancer sends every few seconds, are not logged.

export function installRequestLog(app: FastifyInstance, apiUrls: ReadonlySet<string>): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url === HEALTH_PATH) return;
    const route = routeLabel(request, apiUrls);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    // Pages, files and unknown paths have no API pattern; their path (never the query) says more.
    const path = apiUrls.has(request.routeOptions.url ?? '') ? undefined : request.url.split('?')[0];
    request.log.info(
      { method: request.method, route, ...(path ? { path } : {}), status: reply.statusCode, ms },
      `${request.method} ${path ?? route} ${reply.statusCode} ${ms} ms`,
    );
  });
}
