import path from 'node:path';
import { GENERIC, INPUT_TEXTS } from '@canopy/shared';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { frameworkErrorOptions, installShutdownGuard, methodsAllowedAt } from './http/framework-errors.ts';
import { API_PREFIX, registerRoutes } from './http/register-routes.ts';
import { routeTable } from './http/routes.ts';
import { browserConfigScript, serveWebApp } from './http/web-app.ts';
import { failureBody } from './lib/errors.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { createDiskStore, createPublicStore, UPLOADS_PATH } from './lib/storage.ts';
import { serveUploads } from './modules/media/serve-uploads.ts';
import { startMessaging } from './modules/messaging/lifecycle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /**
   * Multiplies every request rate limit (600 per client per minute across the API, tighter per
   * route). Tests that fire hundreds of requests from one address raise it.
   */
  rateLimitScale?: number;
}

/** Builds the whole server without listening: server.ts listens, tests call inject(). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // Longer ids than Fastify's default would bloat logs; requests are traced by this short id.
    genReqId: () => Math.random().toString(36).slice(2, 10),
    ...frameworkErrorOptions,
  });
  installShutdownGuard(app);
  const ctx: AppContext = {
    config,
    log: app.log,
    database,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        mailFrom: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
      }),
    privateFiles: createDiskStore(path.join(config.dataDir, 'private')),
    publicFiles: await createPublicStore(config),
  };
  // Media in object storage is fetched by browsers straight from its origin.
  const mediaOrigins = ctx.publicFiles.origin ? [ctx.publicFiles.origin] : [];
  app.decorate('ctx', ctx);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        scriptSrc: ["'self'", browserConfigScript(config.adminEmail).cspHash],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        frameSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // With several instances behind one address, counters must be shared or each instance would
  // allow the full rate on its own.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    ...(redis ? { redis, nameSpace: 'canopy-rate-limit-' } : {}),
    max: 600 * (options.rateLimitScale ?? 1),
    // Immutable files (media, the web app's hashed assets) are cheap to serve, and one catalog page
    // fetches dozens of them; counting them would throttle ordinary browsing.
    allowList: (request) => request.url.startsWith(`${UPLOADS_PATH}/`) || request.url.startsWith('/assets/'),
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      ...failureBody(GENERIC.rateLimited),
    }),
  });
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: 1024 * 1024, files: 1 } });
  installErrorHandler(app);
  if (ctx.publicFiles.localRoot) await serveUploads(app, ctx.publicFiles.localRoot);

  const routes = routeTable(config);
  registerRoutes(app, ctx, routes, options.rateLimitScale);
  const allowedMethods = methodsAllowedAt(routes);
  startMessaging(app);

  const indexHtml = await serveWebApp(app, config.webDistDir, config.adminEmail);
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith(`${API_PREFIX}/`) &&
      !request.url.startsWith('/dev/') &&
      !request.url.startsWith(`${UPLOADS_PATH}/`);
    if (isPage && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    const allowed = allowedMethods(request.url);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(failureBody(INPUT_TEXTS.methodNotAllowed));
    }
    return reply.status(404).send(failureBody(GENERIC.notFound));
  });
  return app;
}
