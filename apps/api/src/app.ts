import path from 'node:path';
import { GENERIC, INPUT_TEXTS, isAppPage } from '@canopy/shared';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { registerCompression } from './http/compression.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { frameworkErrorOptions, installShutdownGuard, methodsAllowedAt } from './http/framework-errors.ts';
import { startIdempotencySweep } from './http/idempotency.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { API_PREFIX, fullPath, registerRoutes } from './http/register-routes.ts';
import type { RouteDef } from './http/route-table.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { browserConfigScript, serveWebApp } from './http/web-app.ts';
import { failureBody } from './lib/errors.ts';
import { mailTransportFor } from './lib/mail.ts';
import { createMailQueue } from './lib/mail-queue.ts';
import { createDiskStore, createPublicStore, UPLOADS_PATH } from './lib/storage.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { installTextEnhancer } from './modules/ai/install.ts';
import { aiRoutes } from './modules/ai/routes.ts';
import { apiKeyRoutes, recordKeyWrite } from './modules/api-keys/index.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { buyerGroupRoutes } from './modules/buyer-groups/index.ts';
import { cartRoutes } from './modules/cart/index.ts';
import { installCatalog } from './modules/catalog/index.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { companyLicenseRoutes } from './modules/companies/license-routes.ts';
import { companyRoutes } from './modules/companies/routes.ts';
import { dealRoutes } from './modules/deals/routes.ts';
import { devMailEnabled } from './modules/dev-mail/index.ts';
import { devMailRoutes } from './modules/dev-mail/routes.ts';
import { startDigestWorker } from './modules/digest/index.ts';
import { fulfilmentRoutes } from './modules/fulfilment/index.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { installHomeSummary } from './modules/home/summary.ts';
import { insightRoutes } from './modules/insights/routes.ts';
import { startInvoiceReminderWorker } from './modules/invoices/index.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { startCoaSweep } from './modules/listings/index.ts';
import { listingRoutes } from './modules/listings/routes.ts';
import { serveUploads } from './modules/media/serve-uploads.ts';
import { startMessaging } from './modules/messaging/lifecycle.ts';
import { messagingRoutes } from './modules/messaging/routes.ts';
import { notificationRoutes, startNotificationSweep } from './modules/notifications/index.ts';
import { sampleRoutes } from './modules/samples/index.ts';
import { startSavedSearchAlerts } from './modules/saved-searches/lifecycle.ts';
import { savedSearchRoutes } from './modules/saved-searches/routes.ts';
import { sellerRoutes } from './modules/sellers/routes.ts';
import { registerSeoRoutes, type SeoOptions } from './modules/seo/routes.ts';
import { startWantedAlerts } from './modules/wanted/lifecycle.ts';
import { wantedRoutes } from './modules/wanted/routes.ts';
import { watchlistRoutes } from './modules/watchlist/index.ts';
import { createWebhookDispatcher, systemResolver, webhookRoutes } from './modules/webhooks/index.ts';
import { installDatabaseOutage } from './observability/database-outage.ts';
import { installMetrics } from './observability/metrics.ts';
import { installRequestLog } from './observability/request-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /**
   * Multiplies every request rate limit (RATE_LIMIT_PER_MINUTE per client across the API, tighter
   * per route). Tests that fire hundreds of requests from one address raise it.
   */
  rateLimitScale?: number;
  seo?: SeoOptions;
}

// The composition root (decision 095): the features are put together here and only here. http/
// is generic plumbing that knows no feature; each feature brings its routes and, where it has
// them, its capabilities, decorated onto the app (messaging's stream hub, the AI enhancer).

/** Every route the server answers, in one enumerable table (the access-matrix tests walk it). */
export function routeTable(config: Pick<Config, 'production' | 'smtpUrl'>): RouteDef[] {
  return [
    ...healthRoutes,
    ...authRoutes,
    ...accountRoutes,
    ...adminRoutes,
    ...aiRoutes,
    ...listingRoutes,
    ...insightRoutes,
    ...catalogRoutes,
    ...homeRoutes,
    ...sellerRoutes,
    ...messagingRoutes,
    ...notificationRoutes,
    ...dealRoutes,
    ...invoiceRoutes,
    ...fulfilmentRoutes,
    ...companyLicenseRoutes,
    ...sampleRoutes,
    ...watchlistRoutes,
    ...wantedRoutes,
    ...cartRoutes,
    ...savedSearchRoutes,
    ...companyRoutes,
    ...apiKeyRoutes,
    ...buyerGroupRoutes,
    ...webhookRoutes,
    ...(devMailEnabled(config) ? devMailRoutes : []),
  ];
}

/** Builds the whole server without listening: server.ts listens, tests call inject(). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.operations.trustProxy,
    // Longer ids than Fastify's default would bloat logs; requests are traced by this short id.
    genReqId: () => Math.random().toString(36).slice(2, 10),
    // One line per request instead, from observability/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
    // The catalog's index is read before the app answers (decision 252): 13.6 s at 1M listings on
    // a 2-core machine, past Fastify's 10 s default, which made such a server exit at start.
    pluginTimeout: 5 * 60_000,
    ...frameworkErrorOptions,
  });
  installShutdownGuard(app);
  const mailer = createMailQueue(database.db, mailTransportFor(config), app.log);
  const ctx: AppContext = {
    config,
    log: app.log,
    database,
    mailer,
    webhooks: createWebhookDispatcher({
      db: database.db,
      mailer,
      log: app.log,
      policy: config.webhooks,
      resolve: systemResolver,
      appUrl: config.appUrl,
      pollMs: config.webhooks.pollMs,
    }),
    privateFiles: createDiskStore(path.join(config.dataDir, 'private')),
    publicFiles: await createPublicStore(config),
  };
  // Media in object storage is fetched by browsers straight from its origin.
  const mediaOrigins = ctx.publicFiles.origin ? [ctx.publicFiles.origin] : [];
  app.decorate('ctx', ctx);
  app.addHook('onReady', async () => ctx.mailer.start());
  app.addHook('onClose', async () => ctx.mailer.stop());
  app.addHook('onReady', async () => ctx.webhooks.start());
  app.addHook('onClose', async () => ctx.webhooks.stop());

  installSecurityHeaders(app, {
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
  // Before any route: the plugin attaches itself to each route as it is added.
  await registerCompression(app);
  const routes = routeTable(config);
  const apiUrls = new Set(routes.map(fullPath));
  const { routeScale } = await registerRateLimits(app, config, apiUrls, options.rateLimitScale);
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: 1024 * 1024, files: 1 } });
  installDatabaseOutage(app, database);
  installErrorHandler(app);
  installRequestLog(app, apiUrls);
  installMetrics(app, ctx, apiUrls);
  if (ctx.publicFiles.localRoot) await serveUploads(app, ctx.publicFiles.localRoot);

  registerRoutes(app, ctx, routes, routeScale, recordKeyWrite);
  const allowedMethods = methodsAllowedAt(routes);
  startMessaging(app);
  installCatalog(app);
  installHomeSummary(app);
  startDigestWorker(app);
  startInvoiceReminderWorker(app);
  startCoaSweep(app);
  startSavedSearchAlerts(app);
  startWantedAlerts(app);
  startNotificationSweep(app);
  startIdempotencySweep(app);
  installTextEnhancer(app);

  const webApp = await serveWebApp(app, config.webDistDir, config.adminEmail);
  registerSeoRoutes(app, ctx, webApp, options.seo);
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith(`${API_PREFIX}/`) &&
      !request.url.startsWith('/dev/') &&
      !request.url.startsWith(`${UPLOADS_PATH}/`);
    if (isPage && webApp) {
      // The app shows its not-found page for an address none of its routes matches; the status
      // says so too, for crawlers and link checkers (decision 191).
      if (!isAppPage(request.url.split('?')[0] ?? '/')) reply.status(404);
      return webApp.sendPage(request, reply);
    }
    const allowed = allowedMethods(request.url);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(failureBody(405, INPUT_TEXTS.methodNotAllowed));
    }
    return reply.status(404).send(failureBody(404, GENERIC.notFound));
  });
  return app;
}
