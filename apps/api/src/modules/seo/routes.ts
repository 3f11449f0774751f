import {
  CATALOG_CARD_SIZES,
  HOME_FEATURED_COUNT,
  NEWEST_LOT_SIZES,
  NEWEST_LOT_WIDE_MEDIA,
  PRODUCT_STAGE_SIZES,
  PRODUCTS_PAGE_SIZE,
  type ProductDto,
  type ProductListQuery,
  productListQuery,
} from '@canopy/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { WebApp } from '../../http/web-app.ts';
import { isUuid } from '../../lib/ids.ts';
import { productPage, publicProduct } from '../catalog/index.ts';
import { imagePreloadTag } from './image-preload.ts';
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

  /**
   * The first product of a page's own catalog query, whose picture a preload fetches beside the
   * scripts; undefined (the plain page) when the database cannot say.
   */
  const firstProduct = (request: FastifyRequest, query: ProductListQuery): Promise<ProductDto | undefined> =>
    productPage(ctx, query).then(
      (page) => page.data[0],
      (error: unknown) => {
        request.log.warn({ err: error }, 'catalog unavailable; sending the page without its picture preload');
        return undefined;
      },
    );
  /** The page for the address, with a preload tag in its head when there is one. */
  const sendWithPreload = (request: FastifyRequest, reply: FastifyReply, preload: string | null) => {
    if (!preload) return webApp.sendPage(request, reply);
    const pathname = request.url.split('?')[0] ?? '/';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(webApp.htmlFor(pathname).replace('</head>', `  ${preload}\n  </head>`));
  };

  /** The home grid's own query (GET /products?limit=8&sort=newest), so both share one cached answer. */
  const featuredQuery = productListQuery.parse({ limit: String(HOME_FEATURED_COUNT), sort: 'newest' });
  app.get('/', async (request, reply) => {
    // The newest lot's picture is the hero's largest element where the hero has two columns.
    const newest = await firstProduct(request, featuredQuery);
    const preload = imagePreloadTag(newest?.media[0], {
      preferred: 'small',
      sizes: NEWEST_LOT_SIZES,
      media: NEWEST_LOT_WIDE_MEDIA,
    });
    return sendWithPreload(request, reply, preload);
  });

  app.get('/products', async (request, reply) => {
    // On a phone the first card's picture, full width, is the largest thing in the first view. The
    // page's filters are read as the API reads them, with the page's own size, so this is the
    // page's first card, and the answer the page's own API call then finds cached (decision 178).
    const query = productListQuery.safeParse({
      ...(request.query as Record<string, unknown>),
      limit: String(PRODUCTS_PAGE_SIZE),
    });
    const first = query.success ? await firstProduct(request, query.data) : undefined;
    return sendWithPreload(
      request,
      reply,
      imagePreloadTag(first?.media[0], { preferred: 'small', sizes: CATALOG_CARD_SIZES }),
    );
  });

  app.get('/products/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    // The product as the page will show it is loaded beside the head, for its first picture's
    // preload; it is the cached answer the page's own API call then reads.
    const [head, product] = isUuid(id)
      ? await Promise.all([findProductHead(db, id), publicProduct(ctx, id)]).catch((error: unknown) => {
          // Without the database the web app still starts and shows its own error state.
          request.log.warn({ err: error }, 'product page head unavailable; sending the generic page');
          return [null, null];
        })
      : [null, null];
    if (!head) {
      // The generic page, as for any address: the web app says the product is not there. Search
      // engines are told not to index that answer.
      reply.header('x-robots-tag', 'noindex');
      return webApp.sendPage(request, reply);
    }
    const preload = imagePreloadTag(product?.media[0], { preferred: 'medium', sizes: PRODUCT_STAGE_SIZES });
    const tags = [
      productHeadTags(head, appUrl, head.imageKey ? absoluteUrl(head.imageKey) : null),
      ...(preload ? [preload] : []),
    ].join('\n    ');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withProductHead(webApp.htmlFor(request.url.split('?')[0] ?? ''), tags));
  });
}
