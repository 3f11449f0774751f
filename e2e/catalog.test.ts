import { PRODUCTS } from '@canopy/shared';
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, pathOf } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';

const journey = useJourney();

/** The catalog calls the page makes, newest last. */
function recordProductRequests(page: Page): URL[] {
  const calls: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/products') calls.push(url);
  });
  return calls;
}

describe('public catalog', () => {
  test('a product page shows the listing, its metadata, and a gallery that moves by click and keyboard', async () => {
    const listing = newListing();
    const productId = await createListingThroughApi(journey.server.baseUrl, listing);
    const page = await journey.newPage();
    await page.goto(`/products/${productId}`);

    await page.getByRole('heading', { level: 1, name: listing.title, exact: true }).waitFor();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await breadcrumb.getByRole('link', { name: 'Products', exact: true }).waitFor();
    for (const text of [
      '$1,400.00 / lb (negotiable)',
      PRODUCTS.contactPricing,
      listing.description,
      '23.4%',
      '0.2%',
      listing.strain,
      DEMO.seller.businessName,
      'Adult-Use Cultivation',
      'Verified Seller',
    ]) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await page.getByRole('button', { name: "I'm Interested", exact: true }).waitFor();
    expect(await page.getByRole('link', { name: /^View Results/ }).getAttribute('href')).toBe(
      'https://labs.example.com/coa/redwood',
    );

    // Title, description and schema.org data for search engines.
    expect(await page.title()).toBe(`${listing.title} · Canopy`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(listing.title);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: listing.title,
      category: 'Flower',
      brand: { name: DEMO.seller.businessName },
      offers: { price: '1400.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    expect(jsonLd.image).toHaveLength(2);

    const gallery = page.getByRole('region', { name: `Photos and videos of ${listing.title}`, exact: true });
    const shows = (text: string) => gallery.getByText(text, { exact: true }).waitFor();
    await shows('Photo 1 of 2');
    await gallery.getByText('Photo', { exact: true }).waitFor();
    await gallery.getByRole('img', { name: `${listing.title}, photo 1 of 2`, exact: true }).waitFor();

    await gallery.getByRole('button', { name: 'Next photo or video', exact: true }).click();
    await shows('Photo 2 of 2');
    await gallery.getByRole('img', { name: `${listing.title}, photo 2 of 2`, exact: true }).waitFor();
    await gallery.getByRole('button', { name: 'Show photo 1 of 2', exact: true }).click();
    await shows('Photo 1 of 2');
    await gallery.getByRole('button', { name: 'Previous photo or video', exact: true }).click();
    await shows('Photo 2 of 2');

    // With the gallery focused, the arrow keys step through it and wrap around.
    await gallery.focus();
    await page.keyboard.press('ArrowRight');
    await shows('Photo 1 of 2');
    await page.keyboard.press('ArrowLeft');
    await shows('Photo 2 of 2');
    await page.keyboard.press('ArrowRight');
    await shows('Photo 1 of 2');
  });

  test('an unknown product says "Product not found"', async () => {
    const page = await journey.newPage();
    await page.goto('/products/01960000-0000-7000-8000-00000000dead');
    await page.getByText(PRODUCTS.notFound, { exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Back to Product Listings', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/products');
  });

  test('a visitor clicking a featured listing on the home page is sent through sign-in to it', async () => {
    const listing = newListing();
    const productId = await createListingThroughApi(journey.server.baseUrl, listing);
    const page = await journey.newPage();
    await page.goto('/');
    const grid = page.getByRole('region', { name: 'Newest listings', exact: true });
    await grid.getByRole('link', { name: listing.title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe(`/login?redirect=/products/${productId}`);
  });

  test('the home hero shows the newest lot and the marketplace size, and offers a visitor to join', async () => {
    const listing = newListing();
    const productId = await createListingThroughApi(journey.server.baseUrl, listing);
    const page = await journey.newPage();
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Newest lot', exact: true });
    await hero.getByText(/^[\d,]+ verified operators? · [\d,]+ live lots?$/).waitFor();
    const main = page.getByRole('main');
    // SPEC §1: buyer and seller sign-up buttons, each straight to its registration form.
    const signUpBuyer = main.getByRole('link', { name: 'Sign up as a buyer', exact: true });
    expect(await signUpBuyer.getAttribute('href')).toBe('/register?type=buyer');
    const signUpSeller = main.getByRole('link', { name: 'Sign up as a seller', exact: true });
    expect(await signUpSeller.getAttribute('href')).toBe('/register?type=seller');
    await hero.getByRole('link', { name: listing.title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe(`/login?redirect=/products/${productId}`);
  });

  test('the product list keeps its sort and page in the address and asks for 12 at a time', async () => {
    const page = await journey.newPage();
    const calls = recordProductRequests(page);
    await page.goto('/products');
    await page.getByRole('heading', { name: 'Product Listings', exact: true }).waitFor();
    await page.getByText(/^\d+ products? found$/).waitFor();
    const last = () => calls.at(-1)?.searchParams;

    // Newest is the default: the request leaves sort out.
    expect(last()?.get('limit')).toBe('12');
    expect(last()?.has('sort')).toBe(false);

    const sort = page.getByRole('combobox', { name: 'Sort by', exact: true });
    await sort.selectOption('name_asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name_asc');
    await expect.poll(() => last()?.get('sort')).toBe('name_asc');
    await sort.selectOption('oldest');
    await expect.poll(() => last()?.get('sort')).toBe('oldest');
    await sort.selectOption('newest');
    // Back to the default: it leaves the address (the first request above showed it leaves the call too).
    await page.waitForURL((url) => !url.searchParams.has('sort'));

    // The demo catalog is larger than one page: at most five page buttons, and Back returns.
    const pages = page.getByRole('navigation', { name: 'Product pages' });
    await pages.waitFor();
    expect(await pages.getByRole('button', { name: /^Page \d+$/ }).count()).toBeLessThanOrEqual(5);
    await pages.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => last()?.get('page')).toBe('2');
    expect(
      await pages.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    expect(
      await pages.getByRole('button', { name: 'Page 1', exact: true }).getAttribute('aria-current'),
    ).toBe('page');

    // A search nobody matches shows the no-results state, and Clear Filters empties the address.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('no-such-product-anywhere');
    await page.getByText('No products found', { exact: true }).waitFor();
    await page.getByText('0 products found', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear Filters', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/products' && url.search === '');
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('');
  });

  test('a catalog page opened by its address draws its cards before its own call answers', async () => {
    const page = await journey.newPage();
    // The page's call is held: what the page shows first came inside the page (decision 180).
    const calls: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/products?**', async (route) => {
      calls.push(new URL(route.request().url()).search);
      await held;
      await route.continue();
    });
    await page.goto('/products?category=flower');
    await page.getByText(/^\d+ products? found$/).waitFor();
    expect(await page.locator('main li:has(article)').count()).toBeGreaterThan(0);
    expect(await page.getByRole('status').filter({ hasText: 'Loading products' }).count()).toBe(0);
    // The call is still made, as the screen mounts (it notes a signed-in buyer's interest).
    expect(calls).toEqual(['?page=1&limit=12&category=flower']);
    const answered = page.waitForResponse((response) => response.url().includes('/api/products?'));
    release();
    expect((await answered).status()).toBe(200);
    await page.unroute('**/api/products?**');

    // The category choice says how many listings each choice leads to (issue 15), from the list's
    // own answer (decision 252): for a search, that search's listings in each category.
    const counts = (await (await page.request.get('/api/products/categories')).json()) as {
      categories: { category: string; count: number }[];
    };
    const flower = counts.categories.find((entry) => entry.category === 'flower')?.count ?? 0;
    const category = page.getByRole('combobox', { name: 'Category', exact: true });
    expect(await category.locator('option[value="flower"]').textContent()).toBe(
      `Flower (${flower.toLocaleString('en-US')})`,
    );
    const searched = (await (await page.request.get('/api/products?query=blue')).json()) as {
      facets: { category: { value: string; count: number }[] };
    };
    const blueFlower = searched.facets.category.find((entry) => entry.value === 'flower')?.count ?? 0;
    await page.goto('/products?query=blue');
    await page.getByText(/^\d+ products? found$/).waitFor();
    expect(await category.locator('option[value="flower"]').textContent()).toBe(
      `Flower (${blueFlower.toLocaleString('en-US')})`,
    );
  });

  test('skeleton cards hold the grid while the first page loads; a page past the end says which pages exist', async () => {
    const page = await journey.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Opened from another page, the catalog has no answer to start from and asks for it.
    await page.goto('/help');
    await page.route('**/api/products?**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Browse Products', exact: true }).first().click();

    // The first card's skeleton stands exactly where the first card will (decision 119).
    const loading = page.getByRole('status').filter({ hasText: 'Loading products' });
    const skeleton = await loading.locator('li').first().boundingBox();
    expect(await loading.locator('li').count()).toBe(12);
    release();
    await page.getByText(/^\d+ products? found$/).waitFor();
    const card = await page.locator('main li:has(article)').first().boundingBox();
    expect(card && skeleton && { x: card.x, y: card.y, width: card.width }).toEqual(
      skeleton && { x: skeleton.x, y: skeleton.y, width: skeleton.width },
    );
    expect(Math.abs((card?.height ?? 0) - (skeleton?.height ?? 0))).toBeLessThanOrEqual(24);
    await page.unroute('**/api/products?**');

    // Page 99 of a few: the count stays true, the page says which pages exist and links to the last.
    await page.goto('/products?page=99');
    await page.getByText('Page 99 doesn’t exist', { exact: true }).waitFor();
    expect(await page.getByText('No products found', { exact: true }).count()).toBe(0);
    const last = page.getByRole('link', { name: /^Go to page \d+$/ });
    const lastPage = (await last.textContent())?.replace('Go to page ', '');
    await last.click();
    await page.waitForURL((url) => url.searchParams.get('page') === lastPage);
    await page.locator('main article').first().waitFor();
  });

  test('the product list and a product page have no serious axe violations', async () => {
    const listing = newListing();
    const productId = await createListingThroughApi(journey.server.baseUrl, listing);
    const page = await journey.newPage();
    await page.goto('/products');
    await page.getByRole('link', { name: listing.title, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/products/${productId}`);
    await page.getByRole('heading', { level: 1, name: listing.title, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  });
});
