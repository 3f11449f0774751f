import zlib from 'node:zlib';
import {
  CATALOG_CARD_SIZES,
  NEWEST_LOT_SIZES,
  NEWEST_LOT_WIDE_MEDIA,
  PAGE_ANSWERS_ELEMENT_ID,
  PRODUCT_STAGE_SIZES,
} from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, type UserRow } from '../src/db/schema/index.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { postListing, sampleJpeg } from './support/listings.ts';
import { createTestApp, TEST_APP_URL, type TestApp, userWithToken } from './support/test-app.ts';
import {
  ENTRY_IMPORT,
  PRODUCTS_CHUNK,
  SHARED_CHUNK,
  SITE_TITLE_TEXT,
  writeWebBuild,
} from './support/web-build.ts';

// What search engines and link previews receive (decisions 117, 118): robots.txt, the sitemaps
// of the public catalog, and product pages whose HTML carries their own head.

/** Small pages, so a dozen listings reach the sitemap index that 50,000 would in production. */
const PAGE_SIZE = 10;

let test: TestApp;
let seller: UserRow;
let pending: UserRow;

beforeAll(async () => {
  test = await createTestApp({}, 1000, {
    webDistDir: await writeWebBuild(),
    seo: { sitemapPageSize: PAGE_SIZE },
  });
  seller = await insertUser(test.db, { role: 'seller' });
  pending = await insertUser(test.db, { role: 'seller', status: 'pending' });
});
afterAll(() => test.close());

const get = (url: string) => test.app.inject({ method: 'GET', url });
const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
const productUrl = (id: string) => `${TEST_APP_URL}/products/${id}`;
const STATIC_PAGES = ['/', '/products', '/help', '/terms', '/privacy'].map(
  (page) => `${TEST_APP_URL}${page}`,
);

/** Listings no visitor may see: archived, hidden by an admin, and a pending seller's. */
async function privateListings(): Promise<string[]> {
  const archived = await insertListing(test.db, seller, { isActive: false });
  const hidden = await insertListing(test.db, seller, { title: 'Hidden lot' });
  await test.db
    .update(listings)
    .set({ isActive: false, moderation: 'hidden', moderationReason: 'Duplicate listing' })
    .where(eq(listings.id, hidden.id));
  const unapproved = await insertListing(test.db, pending, { title: 'Unapproved lot' });
  return [archived.id, hidden.id, unapproved.id];
}

describe('GET /robots.txt', () => {
  it('is plain text that opens the catalog, closes private screens and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).not.toContain('<html');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /admin',
        'Disallow: /seller',
        'Disallow: /messages',
        'Disallow: /profile',
        'Disallow: /reset-password',
        'Disallow: /verify-email',
        `Sitemap: ${TEST_APP_URL}/sitemap.xml`,
      ]),
    );
  });
});

describe('sitemaps', () => {
  const publicIds: string[] = [];
  let hiddenIds: string[] = [];

  it('lists the public screens and public listings, oldest first, in one file while they fit', async () => {
    hiddenIds = await privateListings();
    for (let day = 1; day <= 3; day++) {
      const listing = await insertListing(test.db, seller, { createdAt: new Date(Date.UTC(2026, 0, day)) });
      publicIds.push(listing.id);
    }
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locations(response.body)).toEqual([...STATIC_PAGES, ...publicIds.map(productUrl)]);
    expect(response.body).toContain('<lastmod>');
    for (const id of hiddenIds) expect(response.body).not.toContain(id);
  });

  it('becomes an index of pages past the page size, whose pages hold every public listing once', async () => {
    for (let day = 4; day <= 15; day++) {
      // Two listings in the same microsecond: the page boundaries must still neither repeat nor skip.
      const createdAt = new Date(Date.UTC(2026, 0, day === 15 ? 14 : day));
      publicIds.push((await insertListing(test.db, seller, { createdAt })).id);
    }

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const pages = locations(index.body);
    expect(pages[0]).toBe(`${TEST_APP_URL}/sitemap-pages.xml`);
    // 15 public listings in pages of 10: the public screens' sitemap and two pages of listings.
    expect(pages).toHaveLength(3);

    const screens = await get(new URL(pages[0] ?? '').pathname);
    expect(locations(screens.body)).toEqual(STATIC_PAGES);

    const listed: string[] = [];
    for (const page of pages.slice(1)) {
      const url = new URL((page ?? '').replaceAll('&amp;', '&'));
      const response = await get(`${url.pathname}${url.search}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<urlset');
      listed.push(...(locations(response.body) as string[]));
    }
    const expected = (
      await test.db
        .select({ id: listings.id })
        .from(listings)
        .where(eq(listings.sellerVerified, true))
        .orderBy(listings.createdAt, listings.id)
    )
      .map((row) => row.id)
      .filter((id) => !hiddenIds.includes(id));
    expect(listed).toEqual(expected.map(productUrl));
    expect(new Set(listed).size).toBe(publicIds.length);
  });

  it('starts a listings page at the beginning when its cursor is not one', async () => {
    const response = await get('/sitemap-listings.xml?from=%3Cscript%3E');
    expect(response.statusCode).toBe(200);
    expect(locations(response.body)).toHaveLength(PAGE_SIZE);
  });
});

describe('GET /products/:id (the page)', () => {
  it('carries the listing’s title, description, canonical address and preview tags with its first picture', async () => {
    const owner = await userWithToken(test, { role: 'seller' });
    const id = await postListing(test.app, owner.token, {
      fields: {
        title: 'Kush "Deluxe" <b>& more</b>',
        description: `First line </title><script>alert(1)</script>\n\nSecond line. ${'Dense buds. '.repeat(20)}`,
      },
      images: [await sampleJpeg(7)],
    });
    const response = await get(`/products/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    const escapedTitle = 'Kush &quot;Deluxe&quot; &lt;b&gt;&amp; more&lt;/b&gt;';
    expect(html).toContain(`<title>${escapedTitle} · Canopy</title>`);
    expect(html).not.toContain(SITE_TITLE_TEXT);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>& more</b>');

    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(description.startsWith(`${escapedTitle}: First line &lt;/title&gt;&lt;script&gt;`)).toBe(true);
    expect(description.endsWith('…')).toBe(true);

    const canonical = productUrl(id);
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(html).toContain(`<meta property="og:url" content="${canonical}" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
    expect(html).toContain(`<meta property="og:description" content="${description}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const image = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(image).toMatch(new RegExp(`^${TEST_APP_URL}/uploads/.+\\.webp$`));
    expect(html).toContain(`<meta name="twitter:image" content="${image}" />`);
    // The picture is the one the product's own API gives as its first medium image.
    const product = (await get(`/api/products/${id}`)).json() as { product: { images: string[] } };
    expect(new URL(image).pathname).toBe(new URL(product.product.images[0] ?? '', TEST_APP_URL).pathname);
    // The web app's settings are still there.
    expect(html).toContain('window.__CANOPY__=');
  });

  it('preloads its first picture, with the srcset and sizes the page’s own picture uses', async () => {
    const owner = await userWithToken(test, { role: 'seller' });
    const id = await postListing(test.app, owner.token, { images: [await sampleJpeg(8, 1200, 900)] });
    const html = (await get(`/products/${id}`)).body;
    const product = (await get(`/api/products/${id}`)).json() as {
      product: { media: [{ variants: Record<'thumbnail' | 'small' | 'medium' | 'original', string> }] };
    };
    const { variants } = product.product.media[0];
    const srcset = `${variants.thumbnail} 200w, ${variants.small} 400w, ${variants.medium} 800w, ${variants.original} 1200w`;
    expect(html).toContain(
      `<link rel="preload" as="image" href="${variants.medium}" imagesrcset="${srcset}" ` +
        `imagesizes="${PRODUCT_STAGE_SIZES}" fetchpriority="high">`,
    );
    expect(html.match(/rel="preload" as="image"/g)).toHaveLength(1);
  });

  it('without a picture, previews as a summary card with no image', async () => {
    const listing = await insertListing(test.db, seller, { title: 'Plain lot' });
    const html = (await get(`/products/${listing.id}`)).body;
    expect(html).not.toContain('rel="preload" as="image"');
    expect(html).toContain('<title>Plain lot · Canopy</title>');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
  });

  it('answers 404 with the generic page, not indexed, for hidden, archived, unapproved and unknown listings', async () => {
    // The web app still starts from that page and says the product is not there (or shows the
    // owner their own hidden lot through its signed-in call); the status is for crawlers and links.
    const ids = [...(await privateListings()), '01a2132c-0000-7000-8000-000000000000', 'not-an-id'];
    for (const id of ids) {
      const response = await get(`/products/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.body).toContain(`<title>${SITE_TITLE_TEXT}</title>`);
      expect(response.body).not.toContain('og:title');
      expect(response.body).not.toMatch(/Hidden lot|Unapproved lot/);
    }
  });
});

describe('pages that start with what they need', () => {
  const modulepreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

  it('names the catalog screen’s chunk and the chunks it imports, beside the ones index.html preloads', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/products?category=flower',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(modulepreload(PRODUCTS_CHUNK));
    expect(response.body).toContain(modulepreload(SHARED_CHUNK));
    // Already preloaded by the entry: not named twice.
    expect(response.body).not.toContain(ENTRY_IMPORT);
    // The same page, compressed, for a browser that takes Brotli.
    const compressed = await test.app.inject({
      method: 'GET',
      url: '/products?category=flower',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(response.body);
  });

  it('a product page preloads the product screen only when the build has one; other pages name no chunk', async () => {
    const listing = await insertListing(test.db, seller, { title: 'Chunkless lot' });
    for (const url of [`/products/${listing.id}`, '/help', '/no-such-page']) {
      expect((await get(url)).body).not.toContain('modulepreload');
    }
  });

  it('the home page preloads the newest lot’s picture for wide screens, where it is the largest thing shown', async () => {
    const owner = await userWithToken(test, { role: 'seller' });
    const id = await postListing(test.app, owner.token, { images: [await sampleJpeg(9, 800, 600)] });
    const product = (await get(`/api/products/${id}`)).json() as {
      product: { media: [{ variants: Record<'thumbnail' | 'small' | 'medium' | 'original', string> }] };
    };
    const { variants } = product.product.media[0];
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(
      `<link rel="preload" as="image" href="${variants.small}" ` +
        `imagesrcset="${variants.thumbnail} 200w, ${variants.small} 400w, ${variants.medium} 800w" ` +
        `imagesizes="${NEWEST_LOT_SIZES}" fetchpriority="high" media="${NEWEST_LOT_WIDE_MEDIA}">`,
    );
    expect(response.body).toContain('window.__CANOPY__=');
  });

  it('the home page without a pictured newest lot is the plain page', async () => {
    await insertListing(test.db, seller, { title: 'Newest without a picture' });
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('rel="preload"');
    expect(response.body).toContain(`<title>${SITE_TITLE_TEXT}</title>`);
  });
  it('the catalog page preloads its first card’s picture, the largest thing a phone shows first', async () => {
    const owner = await userWithToken(test, { role: 'seller' });
    const id = await postListing(test.app, owner.token, {
      fields: { title: 'Preloaded card lot' },
      images: [await sampleJpeg(10, 800, 600)],
    });
    const product = (await get(`/api/products/${id}`)).json() as {
      product: { media: [{ variants: Record<'thumbnail' | 'small' | 'medium' | 'original', string> }] };
    };
    const { variants } = product.product.media[0];
    const preload =
      `<link rel="preload" as="image" href="${variants.small}" ` +
      `imagesrcset="${variants.thumbnail} 200w, ${variants.small} 400w, ${variants.medium} 800w" ` +
      `imagesizes="${CATALOG_CARD_SIZES}" fetchpriority="high">`;
    // The page's own filters decide the first card, as they decide the list the page shows.
    for (const url of ['/products', '/products?query=preloaded&sort=name_asc']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(preload);
      expect(response.body.match(/rel="preload" as="image"/g)).toHaveLength(1);
      expect(response.body).toContain(`<link rel="modulepreload" crossorigin href="/${PRODUCTS_CHUNK}">`);
    }
    const nothingFound = await get('/products?query=nosuchwordanywhere');
    expect(nothingFound.body).not.toContain('rel="preload" as="image"');
    expect(nothingFound.body).toContain('window.__CANOPY__=');
  });
});

describe('pages that carry the answers to their first calls (decision 180)', () => {
  const BLOCK = new RegExp(
    `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">([^<]*)</script>`,
  );
  const pageAnswers = (html: string): Record<string, unknown> | null => {
    const body = BLOCK.exec(html)?.[1];
    return body === undefined ? null : (JSON.parse(body) as Record<string, unknown>);
  };

  it('the catalog page holds its own call’s answer, keyed by the address the web app asks', async () => {
    await insertListing(test.db, seller, { title: 'Answered lot', askingPrice: 1200 });
    // The web app reads the address (ignoring what it does not know, defaults left out) and asks
    // for page 1 of 12 with the filters in this order.
    const page = await get(
      '/products?sort=price_asc&minPrice=10&category=flower&query=answered%20lot&bogus=1',
    );
    const call =
      '/api/products?page=1&limit=12&query=answered+lot&category=flower&minPrice=10&sort=price_asc';
    const answers = pageAnswers(page.body);
    expect(Object.keys(answers ?? {})).toEqual([call]);
    const api = (await get(call)).json() as { data: { name: string }[] };
    expect(api.data.map((product) => product.name)).toEqual(['Answered lot']);
    expect(answers?.[call]).toEqual(api);
  });

  it('a catalog address with a malformed number is read as the web app reads it, not refused', async () => {
    await insertListing(test.db, seller, { title: 'Leniently read lot', askingPrice: 1300 });
    const page = await get('/products?query=leniently&minPrice=abc&maxThc=150&page=x');
    expect(page.statusCode).toBe(200);
    const call = '/api/products?page=1&limit=12&query=leniently';
    const answers = pageAnswers(page.body);
    expect(Object.keys(answers ?? {})).toEqual([call]);
    expect(answers?.[call]).toMatchObject({ data: [{ name: 'Leniently read lot' }] });
  });

  it('a page of the whole catalog or one category also carries the category counts it shows', async () => {
    const call = '/api/products?page=1&limit=12&category=flower';
    const counts = '/api/products/categories';
    const answers = pageAnswers((await get('/products?category=flower')).body) ?? {};
    expect(Object.keys(answers)).toEqual([call, counts]);
    expect(answers[counts]).toEqual((await get(counts)).json());
    // With words or facets the counts would not be the list's: the page does not show them.
    const faceted = pageAnswers((await get('/products?category=flower&tested=true')).body) ?? {};
    expect(Object.keys(faceted)).toEqual(['/api/products?page=1&limit=12&category=flower&tested=true']);
  });

  it('a search with no match still carries its (empty) answer, so the page says so at once', async () => {
    const call = '/api/products?page=1&limit=12&query=nosuchwordanywhere';
    const answers = pageAnswers((await get('/products?query=nosuchwordanywhere')).body) ?? {};
    expect(answers[call]).toEqual((await get(call)).json());
    expect(answers[call]).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  it('a listing’s text cannot end the block: every < is escaped, and the answer reads back intact', async () => {
    const title = 'Lot </script><script>alert(1)</script>';
    const listing = await insertListing(test.db, seller, { title });
    const html = (await get(`/products/${listing.id}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(pageAnswers(html)?.[`/api/products/${listing.id}`]).toMatchObject({ product: { name: title } });
  });

  it("a title with $` $' $& (replacement patterns) goes into both pages and the head as written", async () => {
    const title = "Zephyrdollar $` before, $' after, $& match";
    const listing = await insertListing(test.db, seller, { title });
    const call = '/api/products?page=1&limit=12&query=zephyrdollar';
    const catalog = (await get('/products?query=zephyrdollar')).body;
    const product = (await get(`/products/${listing.id}`)).body;
    for (const html of [catalog, product]) {
      expect(html.match(/<head>/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<body>/g)).toHaveLength(1);
    }
    expect(pageAnswers(catalog)?.[call]).toMatchObject({ data: [{ name: title }] });
    expect(pageAnswers(product)?.[`/api/products/${listing.id}`]).toMatchObject({ product: { name: title } });
    const escaped = 'Zephyrdollar $` before, $&#39; after, $&amp; match';
    expect(product).toContain(`<title>${escaped} · Canopy</title>`);
    expect(product).toContain(`<meta property="og:title" content="${escaped}" />`);
  });

  it('a product page holds the product’s answer; a page the visitor may not see holds none', async () => {
    const listing = await insertListing(test.db, seller, { title: 'Answered product' });
    const path = `/api/products/${listing.id}`;
    const answers = pageAnswers((await get(`/products/${listing.id}`)).body);
    expect(Object.keys(answers ?? {})).toEqual([path]);
    expect(answers?.[path]).toEqual((await get(path)).json());
    for (const id of await privateListings()) {
      expect(pageAnswers((await get(`/products/${id}`)).body)).toBeNull();
    }
    // Pages without a catalog call carry nothing.
    expect(pageAnswers((await get('/help')).body)).toBeNull();
  });

  it('the home page holds its grid’s and its hero’s answers (decision 257)', async () => {
    await insertListing(test.db, seller, { title: 'Newest answered lot' });
    const grid = '/api/products?limit=8&sort=newest';
    const summary = '/api/home/summary';
    const answers = pageAnswers((await get('/')).body) ?? {};
    expect(Object.keys(answers)).toEqual([grid, summary]);
    expect(answers[grid]).toEqual((await get(grid)).json());
    expect((answers[grid] as { data: { name: string }[] }).data[0]?.name).toBe('Newest answered lot');
    expect(answers[summary]).toEqual((await get(summary)).json());
  });
});
