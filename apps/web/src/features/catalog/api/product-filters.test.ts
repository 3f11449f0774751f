import { PRODUCTS_PAGE_SIZE } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import {
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
