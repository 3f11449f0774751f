import {
  addressPath,
  CATALOG_CARD_SIZES,
  catalogAddresses,
  categoryCountsResponse,
  HOME_FEATURED_QUERY,
  homeAddresses,
  homeSummaryResponse,
  NEWEST_LOT_SIZES,
  NEWEST_LOT_WIDE_MEDIA,
  PRODUCT_STAGE_SIZES,
  productListQuery,
  productListResponse,
  productResponse,
  productsRequestPath,
  readProductFilters,
  showsCategoryCounts,
} from '@canopy/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { jsonSchemaOf } from '../../http/json-schema.ts';
import { API_PREFIX } from '../../http/route-table.ts';
import type { WebApp } from '../../http/web-app.ts';
import { isUuid } from '../../lib/ids.ts';
import { withTagsInHead } from '../../lib/literal-replace.ts';
import { imagePreloadTag } from './image-preload.ts';
import { pageAnswersTag } from './page-answers.ts';
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
   * A catalog answer (from the catalog's cache) for the tags a page carries; undefined (the plain
   * page) when the database cannot say.
   */
  const fromCatalog = <T>(request: FastifyRequest, answer: Promise<T>) =>
    answer.catch((error: unknown) => {
      request.log.warn({ err: error }, 'catalog unavailable; sending the page without its catalog tags');
      return undefined;
    });
  /** The page for the address, with tags (a preload, the page's answers) at the end of its head. */
  const sendWithTags = (request: FastifyRequest, reply: FastifyReply, tags: (string | null)[]) => {
    const added = tags.filter((tag) => tag !== null);
    if (added.length === 0) return webApp.sendPage(request, reply);
    const pathname = request.url.split('?')[0] ?? '/';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withTagsInHead(webApp.htmlFor(pathname), added.join('\n    ')));
  };
  // The API's own serialisers for the answers a page carries (the route table's, decision 090), so
  // the page holds exactly what the call would answer.
  const listAnswer = jsonSchemaOf(productListResponse, 'output');
  const productAnswer = jsonSchemaOf(productResponse, 'output');
  const countsAnswer = jsonSchemaOf(categoryCountsResponse, 'output');
  const summaryAnswer = jsonSchemaOf(homeSummaryResponse, 'output');

  /** The home grid's own call (GET /products?limit=8&sort=newest), so both share one cached answer. */
  const featuredSearch = new URLSearchParams(
    Object.entries(HOME_FEATURED_QUERY).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const featuredQuery = productListQuery.parse(Object.fromEntries(featuredSearch));
  const featuredCall = `${API_PREFIX}${catalogAddresses.products.url}?${featuredSearch}`;
  app.get('/', async (request, reply) => {
    const [featured, summary] = await Promise.all([
      fromCatalog(request, app.catalog.productPage(featuredQuery)),
      fromCatalog(request, app.homeSummary()),
    ]);
    // The newest lot's picture is the hero's largest element where the hero has two columns.
    const preload = imagePreloadTag(featured?.data[0]?.media[0], {
      preferred: 'small',
      sizes: NEWEST_LOT_SIZES,
      media: NEWEST_LOT_WIDE_MEDIA,
    });
    // The grid's and the hero's answers, so the page is drawn whole in its first render instead of
    // rendering again when each call comes back, a long task after the first paint (decision 257).
    const answers: Record<string, string> = {};
    if (featured) answers[featuredCall] = reply.serializeInput(featured, listAnswer);
    if (summary) {
      answers[`${API_PREFIX}${homeAddresses.summary.url}`] = reply.serializeInput(
        { success: true, summary },
        summaryAnswer,
      );
    }
    return sendWithTags(request, reply, [preload, pageAnswersTag(answers)]);
  });

  app.get('/products', async (request, reply) => {
    // The page's own catalog call, read from its address as the web app reads it (decision 180):
    // its answer goes into the page, and on a phone the first card's picture, full width, is the
    // largest thing in the first view, so it is preloaded (decision 178). Where the page shows the
    // category counts, their answer goes in too.
    const filters = readProductFilters(new URLSearchParams(request.url.split('?')[1] ?? ''));
    const call = productsRequestPath(filters);
    const query = productListQuery.safeParse(Object.fromEntries(new URLSearchParams(call.split('?')[1])));
    const [page, counts] = await Promise.all([
      query.success ? fromCatalog(request, app.catalog.productPage(query.data)) : undefined,
      showsCategoryCounts(filters) ? fromCatalog(request, app.catalog.categoryCounts()) : undefined,
    ]);
    const answers: Record<string, string> = {};
    if (page) answers[`${API_PREFIX}${call}`] = reply.serializeInput(page, listAnswer);
    if (counts)
      answers[`${API_PREFIX}${catalogAddresses.categories.url}`] = reply.serializeInput(counts, countsAnswer);
    return sendWithTags(request, reply, [
      imagePreloadTag(page?.data[0]?.media[0], { preferred: 'small', sizes: CATALOG_CARD_SIZES }),
      pageAnswersTag(answers),
    ]);
  });

  app.get('/products/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    // The product as the page will show it is loaded beside the head, for its first picture's
    // preload; it is the cached answer the page's own API call then reads.
    const [head, product] = isUuid(id)
      ? await Promise.all([findProductHead(db, id), app.catalog.publicProduct(id)]).catch(
          (error: unknown) => {
            // Without the database the web app still starts and shows its own error state.
            request.log.warn({ err: error }, 'product page head unavailable; sending the generic page');
            return [null, null];
          },
        )
      : [null, null];
    if (!head) {
      // The generic page, as for any address: the web app says the product is not there (or shows
      // its owner a hidden lot through the signed-in call). The status and the header tell
      // crawlers and link checkers that nothing public is here (decision 191).
      reply.status(404).header('x-robots-tag', 'noindex');
      return webApp.sendPage(request, reply);
    }
    const preload = imagePreloadTag(product?.media[0], { preferred: 'medium', sizes: PRODUCT_STAGE_SIZES });
    // The product's answer too, so the page draws it without waiting for its call (decision 180).
    const answers = product
      ? pageAnswersTag({
          [`${API_PREFIX}${addressPath(catalogAddresses.product, { id })}`]: reply.serializeInput(
            { success: true, product },
            productAnswer,
          ),
        })
      : null;
    const tags = [
      productHeadTags(head, appUrl, head.imageKey ? absoluteUrl(head.imageKey) : null),
      ...[preload, answers].filter((tag) => tag !== null),
    ].join('\n    ');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withProductHead(webApp.htmlFor(request.url.split('?')[0] ?? ''), tags));
  });
}
