import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, authorize } from './access.ts';
import { scaledLimit } from './rate-limits.ts';
import type { AuthedArgs, RouteDef } from './route-table.ts';

export const API_PREFIX = '/api';

export const fullPath = (route: RouteDef) => (route.absolute ? route.url : `${API_PREFIX}${route.url}`);

/** Registers the route table: every handler runs behind its declared access level. */
export function registerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  routes: RouteDef[],
  rateLimitScale = 1,
): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: fullPath(route),
      bodyLimit: route.bodyLimit,
      config: {
        rateLimit: route.rateLimitPerMinute
          ? {
              max: scaledLimit(route.rateLimitPerMinute, rateLimitScale),
              timeWindow: 60_000,
              ...(route.rateLimitBy === 'session'
                ? { keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? request.ip }
                : {}),
            }
          : undefined,
      },
      handler: async (request, reply) => {
        const auth = await authenticate(ctx.database.db, request);
        authorize(route.access, auth);
        const args = { request, reply, ctx, auth } as AuthedArgs;
        const result = await (route.handler as (a: AuthedArgs) => Promise<unknown>)(args);
        // Handlers that stream or send themselves have sent already (a returned reply is thenable,
        // so it arrives here resolved); everything else is a JSON body.
        return reply.sent ? reply : reply.send(result);
      },
    });
  }
}
