import { GENERIC } from '@canopy/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { authenticate, authorize, callerFor, presentsApiKey } from './access.ts';
import { registerApiReference } from './api-reference.ts';
import { answerOnce } from './idempotency.ts';
import { jsonSchemaOf } from './json-schema.ts';
import { API_KEY_REQUESTS_PER_MINUTE, scaledLimit } from './rate-limits.ts';
import { ROUTE_PERMISSIONS, routeKey } from './route-permissions.ts';
import { fullPath, isRawResponse, parse, parseParams, type RouteDef } from './route-table.ts';

export { API_PREFIX, fullPath } from './route-table.ts';

/**
 * Each request's session is looked up once: the per-session rate limit needs it before the
 * handler, and the handler needs it again.
 */
const sessions = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
function sessionOf(ctx: AppContext, request: FastifyRequest): Promise<SessionUser | null> {
  let found = sessions.get(request);
  if (!found) {
    found = authenticate(ctx.database.db, request);
    sessions.set(request, found);
  }
  return found;
}

/**
 * The per-route limits. Routes served under two paths (SPEC's forgot/reset aliases) share one
 * limiter, so the second spelling does not double the allowance. A per-session limit counts the
 * account behind the token, never the header's spelling, so `bearer  TOKEN` is the same caller.
 */
function perRouteLimiters(app: FastifyInstance, ctx: AppContext, rateLimitScale: number) {
  const limiters = new Map<string, preHandlerAsyncHookHandler>();
  return (route: RouteDef) => {
    if (!route.rateLimitPerMinute) return undefined;
    const group = `${route.method} ${route.url}`;
    let limiter = limiters.get(group);
    if (!limiter) {
      limiter = app.rateLimit({
        max: scaledLimit(route.rateLimitPerMinute, rateLimitScale),
        timeWindow: 60_000,
        // The group is part of every key: limiters made by app.rateLimit() share one Redis namespace.
        keyGenerator: async (request: FastifyRequest) => {
          if (route.rateLimitBy !== 'session') return `${group}|${request.ip}`;
          const auth = await sessionOf(ctx, request);
          return auth ? `${group}|user:${auth.user.id}` : `${group}|${request.ip}`;
        },
      });
      limiters.set(group, limiter);
    }
    return limiter;
  };
}

/**
 * Every API key's own budget across all routes (decision 222), counted by the key rather than the
 * address: an integration behind a shared egress address neither starves nor hides behind others.
 * It is checked beside the global and per-route limits, not instead of them, so it is a limiter of
 * its own (createRateLimit) rather than a route hook, of which the plugin runs one per request.
 */
function apiKeyLimiter(app: FastifyInstance, ctx: AppContext, rateLimitScale: number) {
  // Made at the first key's request: an app without the rate-limit plugin (a route-table test's
  // bare Fastify) registers routes all the same, and never sees a key.
  let check: ReturnType<FastifyInstance['createRateLimit']> | null = null;
  const limiter = () =>
    (check ??= app.createRateLimit({
      max: scaledLimit(API_KEY_REQUESTS_PER_MINUTE, rateLimitScale),
      timeWindow: 60_000,
      keyGenerator: async (request: FastifyRequest) => {
        const auth = await sessionOf(ctx, request);
        return `api-key|${auth?.apiKey?.id ?? 'none'}`;
      },
    }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!presentsApiKey(request) || !(await sessionOf(ctx, request))?.apiKey) return;
    const counted = await limiter()(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header('retry-after', counted.ttlInSeconds);
    throw new AppError('RATE_LIMITED', GENERIC.rateLimited);
  };
}

/** What the route table reports to the feature that audits a key's writes (decision 224). */
export type KeyWriteHook = (
  ctx: AppContext,
  auth: SessionUser,
  call: { route: string; url: string; statusCode: number },
) => Promise<void>;

/**
 * Fastify's response schemas for a route's JSON answers: fast-json-stringify writes exactly the
 * fields each schema names (decision 090). Raw answers (files, streams, pages) have none.
 */
function responseSchemas(route: RouteDef) {
  if (isRawResponse(route.response)) return undefined;
  return Object.fromEntries(
    Object.entries(route.response).map(([status, schema]) => [status, jsonSchemaOf(schema, 'output')]),
  );
}

/**
 * Registers the route table. Every handler runs behind its declared access level and the
 * permission a member's role needs for it (route-permissions.ts), with its path
 * parameters, query and JSON body parsed by its schemas, in that order: who may ask comes first
 * (401/403), then what the path names (404), then what was asked (400).
 */
export function registerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  routes: RouteDef[],
  rateLimitScale = 1,
  keyWrote?: KeyWriteHook,
): void {
  const limiterFor = perRouteLimiters(app, ctx, rateLimitScale);
  const keyLimiter = apiKeyLimiter(app, ctx, rateLimitScale);
  for (const route of routes) {
    const limiter = limiterFor(route);
    const response = responseSchemas(route);
    const key = routeKey(route);
    const needed = ROUTE_PERMISSIONS[key] ?? null;
    app.route({
      method: route.method,
      url: fullPath(route),
      bodyLimit: route.bodyLimit,
      ...(response ? { schema: { response } } : {}),
      // A route with its own limit answers to it instead of the global one, as before; a key's own
      // budget applies on top of either.
      ...(limiter
        ? { config: { rateLimit: false }, onRequest: [keyLimiter, limiter] }
        : { onRequest: keyLimiter }),
      handler: async (request, reply) => {
        const auth = callerFor(route.access, await sessionOf(ctx, request), request);
        authorize(route.access, auth, needed);
        const args = {
          request,
          reply,
          ctx,
          auth,
          params: route.params ? parseParams(route.params, request.params) : undefined,
          query: route.query ? parse(route.query, request.query) : undefined,
          body: route.body ? parse(route.body, request.body) : undefined,
        };
        const act = () => route.handler(args);
        // Idempotent routes are never public, so there is a company to keep the key under.
        const { result, replayed } =
          route.idempotent && auth
            ? await answerOnce(ctx.database.db, request, reply, auth.user.id, key, act)
            : { result: await act(), replayed: false };
        if (auth?.apiKey && route.method !== 'GET' && !replayed && keyWrote) {
          await keyWrote(ctx, auth, { route: key, url: request.url, statusCode: reply.statusCode });
        }
        // Handlers that stream or send themselves have sent already (a returned reply is thenable,
        // so it arrives here resolved); everything else is a JSON body.
        return reply.sent ? reply : reply.send(result);
      },
    });
  }
  registerApiReference(app, routes);
}
