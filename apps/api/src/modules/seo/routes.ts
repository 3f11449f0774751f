import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { WebApp } from '../../http/web-app.ts';
import { isUuid } from '../../lib/ids.ts';
import { findProductHead, productHeadTags, withProductHead } from './product-head.ts';
import { robotsTxt } from './robots.ts';
import {
  listingEntries,
  PUBLIC_PAGES,
  pageStarts,
  parseCursor,
  publicListingCount,
  publicPageEntries,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  urlset,
} from './sitemap.ts';

// What search engines and link previews fetch (decisions 117, 118): robots.txt, the sitemaps and
// product pages with their own head. Pages, not API calls: they live outside /api.

export interface SeoOptions {
  /** Addresses per sitemap file; tests lower it to reach the sitemap index with a few listings. */
  sitemapPageSize?: number;
}

const XML = 'application/xml; charset=utf-8';
/** Crawlers come back daily; an hour keeps repeated fetches off the database. */
const SITEMAP_CACHE = 'public, max-age=3600';
/**
 * A sitemap of 50,000 listings reads as many rows: a client may fetch a few a minute, not
 * hammer them (the API's global limit counts API calls only).
 */
const SITEMAP_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000, allowList: () => false } };

export function registerSeoRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  webApp: WebApp | null,
  options: SeoOptions = {},
): void {
  const { appUrl } = ctx.config;
  const { db } = ctx.database;
  const pageSize = options.sitemapPageSize ?? SITEMAP_MAX_URLS;
  const absoluteUrl = (key: string) => new URL(ctx.publicFiles.urlFor(key), `${appUrl}/`).href;

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(robotsTxt(appUrl)),
  );

  app.get('/sitemap.xml', { config: SITEMAP_RATE_LIMIT }, async (_request, reply) => {
    reply.type(XML).header('cache-control', SITEMAP_CACHE);
    const total = PUBLIC_PAGES.length + (await publicListingCount(db));
    if (total <= pageSize) {
      return reply.send(urlset(publicPageEntries(appUrl), listingEntries(db, appUrl, null, pageSize)));
    }
    return reply.send(sitemapIndex(appUrl, await pageStarts(db, pageSize)));
  });

  app.get('/sitemap-pages.xml', async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', SITEMAP_CACHE)
      .send(urlset(publicPageEntries(appUrl))),
  );

  app.get('/sitemap-listings.xml', { config: SITEMAP_RATE_LIMIT }, async (request, reply) => {
    const from = parseCursor((request.query as { from?: unknown }).from);
    reply.type(XML).header('cache-control', SITEMAP_CACHE);
    return reply.send(urlset(listingEntries(db, appUrl, from, pageSize)));
  });

  if (!webApp) return;
  app.get('/products/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const head = isUuid(id)
      ? await findProductHead(db, id).catch((error: unknown) => {
          // Without the database the web app still starts and shows its own error state.
          request.log.warn({ err: error }, 'product page head unavailable; sending the generic page');
          return null;
        })
      : null;
    if (!head) {
      // The generic page, as for any address: the web app says the product is not there. Search
      // engines are told not to index that answer.
      reply.header('x-robots-tag', 'noindex');
      return webApp.sendPage(request, reply);
    }
    const tags = productHeadTags(head, appUrl, head.imageKey ? absoluteUrl(head.imageKey) : null);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withProductHead(webApp.html, tags));
  });
}
