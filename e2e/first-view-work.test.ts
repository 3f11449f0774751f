import { describe, expect, test } from 'vitest';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';

// Decision 257: what the browser's main thread does before a visitor can use the three public
// pages Lighthouse scores. Counted, not timed, so the check holds on a busy machine:
// - no Intl call at all while the page starts and draws: the first one loads ICU's locale data,
//   one task about as long as evaluating the whole app (cards group digits and work out the
//   Pacific date themselves, formatters are built on first use);
// - the home page draws from the answers it carries: its grid and hero counts do not wait for
//   their calls, so no second render of the whole grid comes after the first paint.

const journey = useJourney();

/** Records every Intl formatter built and every locale-aware number or date call, with the caller. */
function recordIntlCalls() {
  const calls: string[] = [];
  (window as unknown as { __intlCalls: string[] }).__intlCalls = calls;
  const note = (what: string) => calls.push(`${what} ${new Error().stack?.split('\n')[3]?.trim() ?? ''}`);
  for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat'] as const) {
    const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
    const Wrapped = function (this: unknown, ...args: unknown[]) {
      note(`Intl.${name}`);
      return new Original(...args);
    };
    Wrapped.prototype = Original.prototype;
    (Intl as unknown as Record<string, unknown>)[name] = Wrapped;
  }
  const methods: [object, string][] = [
    [Number.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleDateString'],
    [Date.prototype, 'toLocaleTimeString'],
  ];
  for (const [prototype, method] of methods) {
    const target = prototype as Record<string, (...args: unknown[]) => unknown>;
    const original = target[method] as (...args: unknown[]) => unknown;
    target[method] = function (this: unknown, ...args: unknown[]) {
      note(method);
      return original.apply(this, args);
    };
  }
}

describe('the first view of the pages Lighthouse scores', () => {
  test('home, /products and a product page draw without a single Intl call', async () => {
    const productId = await createListingThroughApi(journey.server.baseUrl, newListing());
    for (const [path, shown] of [
      ['/', 'Newest listings'],
      ['/products', 'Product Listings'],
      [`/products/${productId}`, 'Verified Seller'],
    ] as const) {
      const page = await journey.newPage();
      await page.addInitScript(recordIntlCalls);
      await page.goto(path);
      await page.getByText(shown, { exact: true }).first().waitFor();
      // Every card drawn, its date included, before the count is read.
      await page.waitForLoadState('load');
      await page.locator('article').first().waitFor();
      const calls = await page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls);
      expect(calls, `${path} called Intl`).toEqual([]);
      await page.close();
    }
  });

  test('the home page draws its grid and counts from its own answers, before their calls return', async () => {
    const page = await journey.newPage();
    // Hold the home page's two calls: what it shows meanwhile came with the page.
    const held: (() => Promise<void>)[] = [];
    await page.route(/\/api\/(products\?limit=8&sort=newest|home\/summary)$/, (route) => {
      held.push(() => route.continue());
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Newest listings' }).waitFor();
    await page.locator('section[aria-labelledby="featured-listings"] article').first().waitFor();
    expect(await page.getByText('Loading the newest listings').count()).toBe(0);
    // The grid's call is still made (its answer came marked as old); the counts' is not.
    expect(held).toHaveLength(1);
    await Promise.all(held.map((release) => release()));
  });
});
