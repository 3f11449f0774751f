import { GENERIC } from '@canopy/shared';
import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../config-operations.ts';
import { failureBody } from '../lib/errors.ts';

// Request rate limits (decision 055). RATE_LIMIT_PER_MINUTE is the global budget per client; the
// tighter per-route limits of the route table scale with it. Only the API's own routes are
// counted: /api/health (load balancers probe it) and files (media, the web app's assets; one
// catalog page fetches dozens) are never limited.

export const HEALTH_PATH = '/api/health';

export interface RateLimitSetup {
  /** Multiplier for the route table's per-route limits. */
  routeScale: number;
}

/**
 * Requests a minute one API key may make across all routes (decision 222): an ERP syncing a few
 * hundred lots a minute fits, a runaway loop does not. Scaled like the per-route limits.
 */
export const API_KEY_REQUESTS_PER_MINUTE = 300;

/** A per-route limit after scaling: never below one request a minute. */
export const scaledLimit = (perMinute: number, scale: number) => Math.max(1, Math.round(perMinute * scale));

export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  countedUrls: ReadonlySet<string>,
  /** Tests that fire hundreds of requests from one address raise every limit with this. */
  testScale = 1,
): Promise<RateLimitSetup> {
  const perMinute = config.operations.rateLimitPerMinute;
  // 0 switches off the global budget only; the per-route limits (sign-in, sign-up, uploads) guard
  // against abuse rather than load, so they keep their base numbers.
  const routeScale = (perMinute === 0 ? 1 : perMinute / DEFAULT_RATE_LIMIT_PER_MINUTE) * testScale;
  const redis = config.redisUrl ? sharedCounters(config.redisUrl, app.log) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
  await app.register(rateLimit, {
    // With several instances behind one address, counters must be shared or each instance would
    // allow the full rate on its own.
    ...(redis ? { redis, nameSpace: 'canopy-rate-limit-' } : {}),
    // Redis unreachable: count nothing rather than refuse every request (sharedCounters warns).
    skipOnError: true,
    global: perMinute > 0,
    max: perMinute * testScale,
    timeWindow: 60_000,
    allowList: (request) => {
      const url = request.routeOptions.url;
      return url === HEALTH_PATH || url === undefined || !countedUrls.has(url);
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      ...failureBody(429, GENERIC.rateLimited),
    }),
  });
  return { routeScale };
}

/**
 * The Redis connection for shared counters. While Redis is away, commands fail at once (no offline
 * queue, so requests never wait for it) and ioredis keeps reconnecting; the log says so once when
 * it goes and once when it is back, instead of one line per reconnection attempt.
 */
function sharedCounters(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let reachable = true;
  redis.on('error', (error: Error) => {
    if (!reachable) return;
    reachable = false;
    log.warn({ err: error }, 'rate limiter: Redis is unreachable; requests are not counted until it is back');
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log.info('rate limiter: Redis is reachable again; counting requests');
  });
  return redis;
}
