import {
  PRODUCT_FACET_NAMES,
  PRODUCT_FACETS,
  PRODUCTS_PAGE_SIZE,
  productFilterReading,
} from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { SAMPLE_FACETS } from '@/test/facet-samples.ts';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  hasActiveFilters,
  productFiltersSearch,
  productsRequestPath,
  readProductFilters,
} from './product-filters.ts';

const read = (search: string) => readProductFilters(new URLSearchParams(search));

describe('readProductFilters', () => {
  test('an empty address is the default list', () => {
    expect(read('')).toEqual(DEFAULT_FILTERS);
  });

  test('reads a search, a category, a sort and a page', () => {
    expect(read('?query=%20og%20kush%20&category=flower&sort=name_asc&page=3')).toEqual({
      query: 'og kush',
      category: 'flower',
      sort: 'name_asc',
      page: 3,
    });
  });

  test.each([
    ['an unknown category', '?category=seeds', { category: '' }],
    ['an unknown sort', '?sort=cheapest', { sort: 'newest' }],
    ['page 0', '?page=0', { page: 1 }],
    ['a negative page', '?page=-2', { page: 1 }],
    ['a fractional page', '?page=2.5', { page: 1 }],
    ['a page that is not a number', '?page=two', { page: 1 }],
  ])('%s falls back to the default', (_case, search, expected) => {
    expect(read(search)).toEqual({ ...DEFAULT_FILTERS, ...expected });
  });
});

describe('productFiltersSearch', () => {
  test('defaults are left out of the address', () => {
    expect(productFiltersSearch(DEFAULT_FILTERS).toString()).toBe('');
  });

  test('what it writes, readProductFilters reads back', () => {
    const filters = { query: 'blue dream', category: 'pre-roll', sort: 'name_desc', page: 2 } as const;
    const search = productFiltersSearch(filters);
    expect(search.toString()).toBe('query=blue+dream&category=pre-roll&sort=name_desc&page=2');
    expect(readProductFilters(search)).toEqual(filters);
  });
});

describe('hasActiveFilters', () => {
  test('a search, a category or a sort narrows the list; a page alone does not', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, page: 4 })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, query: 'kush' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, category: 'flower' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, sort: 'name_asc' })).toBe(true);
  });
});

describe('productsRequestPath', () => {
  test('SPEC §7: page and limit always, sort only when not newest', () => {
    expect(productsRequestPath(DEFAULT_FILTERS)).toBe(`/products?page=1&limit=${PRODUCTS_PAGE_SIZE}`);
    expect(productsRequestPath({ query: 'kush', category: 'flower', sort: 'name_asc', page: 2 })).toBe(
      `/products?page=2&limit=${PRODUCTS_PAGE_SIZE}&query=kush&category=flower&sort=name_asc`,
    );
  });
});

describe('facets in the address (issue 15)', () => {
  const SELLER = '0190a0a0-0000-7000-8000-000000000001';

  test('reads every facet beside the search, category and sort', () => {
    expect(
      read(
        `?query=kush&category=flower&minPrice=800&maxPrice=1200.5&minThc=18&maxThc=30&minCbd=0&maxCbd=2&minQuantity=5&tested=true&county=Humboldt&sellerId=${SELLER}&sort=price_asc&page=2`,
      ),
    ).toEqual({
      query: 'kush',
      category: 'flower',
      sort: 'price_asc',
      page: 2,
      minPrice: 800,
      maxPrice: 1200.5,
      minThc: 18,
      maxThc: 30,
      minCbd: 0,
      maxCbd: 2,
      minQuantity: 5,
      tested: true,
      county: 'Humboldt',
      sellerId: SELLER,
    });
  });

  test('reads price_desc as a sort', () => {
    expect(read('?sort=price_desc').sort).toBe('price_desc');
  });

  test.each([
    ['a price that is not a number', '?minPrice=cheap'],
    ['a negative price', '?maxPrice=-5'],
    ['a THC percentage over 100', '?minThc=140'],
    ['an empty bound', '?minCbd='],
    ['tested other than true', '?tested=yes'],
    ['a county outside California', '?county=Maricopa'],
    ['a seller id that is not an id', '?sellerId=42'],
  ])('%s is no facet of the page', (_case, search) => {
    expect(read(search)).toEqual(DEFAULT_FILTERS);
    expect(Object.keys(read(search)).sort()).toEqual(['category', 'page', 'query', 'sort']);
  });

  // The page reads facets without zod (decision 177); saved searches and the server's copy of the
  // page read them with the schema's lenient reading (GET /products itself refuses a number it
  // cannot read, decision 188). Through the address:
  /** The facets set in filters read either way, without those left unset. */
  const facetsOf = (filters: Record<string, unknown>) =>
    Object.fromEntries(
      PRODUCT_FACET_NAMES.filter((name) => filters[name] !== undefined).map((name) => [name, filters[name]]),
    );

  test.each([
    '',
    '?minPrice=&maxPrice=%20',
    '?minPrice=-1&maxPrice=1e3&minThc=100.5&maxThc=0x10',
    '?minPrice=900&maxPrice=100&minCbd=5&maxCbd=5',
    '?minQuantity=Infinity&minThc=NaN&maxCbd=12abc',
    '?tested=false&county=humboldt&sellerId=00000000-0000-0000-0000-000000000000',
    `?tested=true&county=San%20Luis%20Obispo&sellerId=${SELLER.toUpperCase()}`,
  ])('reads the facets of "%s" as the schema’s lenient reading does', (search) => {
    const schema = productFilterReading.parse(Object.fromEntries(new URLSearchParams(search)));
    expect(facetsOf({ ...read(search) })).toEqual(facetsOf(schema));
  });

  test('what it writes, it reads back, facets between the category and the sort', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      query: 'haze',
      category: 'flower',
      sort: 'price_desc',
      page: 3,
      minPrice: 500,
      maxPrice: 900,
      minThc: 20,
      tested: true,
      county: 'Mendocino',
    } as const;
    const search = productFiltersSearch(filters);
    expect(search.toString()).toBe(
      'query=haze&category=flower&minPrice=500&maxPrice=900&minThc=20&tested=true&county=Mendocino&sort=price_desc&page=3',
    );
    expect(readProductFilters(search)).toEqual(filters);
  });

  test('the request carries the facets that are set, and page and limit always', () => {
    expect(productsRequestPath({ ...DEFAULT_FILTERS, maxPrice: 1000, tested: true, sellerId: SELLER })).toBe(
      `/products?page=1&limit=${PRODUCTS_PAGE_SIZE}&maxPrice=1000&tested=true&sellerId=${SELLER}`,
    );
  });

  test('the panel count counts the category and each facet group once; a range is one', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, minPrice: 1, maxPrice: 2 })).toBe(1);
    expect(
      activeFilterCount({
        ...DEFAULT_FILTERS,
        category: 'edible',
        maxPrice: 2,
        minThc: 1,
        maxCbd: 4,
        minQuantity: 3,
        tested: true,
        county: 'Kern',
      }),
    ).toBe(7);
    // The search box and the sort are outside the panel; the seller is the storefront's own.
    expect(activeFilterCount({ ...DEFAULT_FILTERS, query: 'x', sort: 'oldest', sellerId: SELLER })).toBe(0);
  });

  test('any facet makes the list filtered', () => {
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, tested: true })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, minQuantity: 10 })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, sellerId: SELLER })).toBe(true);
  });

  // The registry (decision 258) is where a facet is added: each one it lists is written into the
  // address in its order, read back, and counted once on the panel's button unless it is the seller.
  test('every facet of the registry goes through the address and back, in the registry’s order', () => {
    const filters = { ...DEFAULT_FILTERS, category: 'flower', sort: 'price_asc', ...SAMPLE_FACETS } as const;
    const search = productFiltersSearch(filters);
    expect([...search.keys()]).toEqual(['category', ...PRODUCT_FACET_NAMES, 'sort']);
    expect(readProductFilters(search)).toEqual(filters);
    const panel = PRODUCT_FACETS.filter((facet) => facet.kind !== 'id');
    expect(activeFilterCount(filters)).toBe(1 + panel.length);
    for (const name of PRODUCT_FACET_NAMES)
      expect(hasActiveFilters({ ...DEFAULT_FILTERS, [name]: SAMPLE_FACETS[name] }), name).toBe(true);
  });
});
