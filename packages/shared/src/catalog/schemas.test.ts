import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '../constants.ts';
import { PRODUCTS_MAX_LIMIT, PRODUCTS_MAX_PAGE, PRODUCTS_PAGE_SIZE } from './limits.ts';
import { productListQuery } from './schemas.ts';

// GET /products is linkable, so its query is read leniently (SPEC §9: page size 12, eight
// categories, sort omitted when newest).

describe('productListQuery', () => {
  it("filters by SPEC's eight categories and ignores any other", () => {
    expect(new Set(PRODUCT_CATEGORIES).size).toBe(8);
    for (const category of ['flower', 'pre-roll', 'tincture', 'other']) {
      expect(productListQuery.parse({ category }).category).toBe(category);
    }
    expect(productListQuery.parse({ category: 'seeds' }).category).toBeUndefined();
  });

  it('answers a bad page or limit with the default and clamps one out of range', () => {
    expect(productListQuery.parse({ page: 'x', limit: '' })).toMatchObject({
      page: 1,
      limit: PRODUCTS_PAGE_SIZE,
      sort: 'newest',
    });
    expect(productListQuery.parse({ page: '999999', limit: '1000' })).toMatchObject({
      page: PRODUCTS_MAX_PAGE,
      limit: PRODUCTS_MAX_LIMIT,
    });
  });
});
