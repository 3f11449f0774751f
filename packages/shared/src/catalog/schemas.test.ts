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

describe('product facets', () => {
  it('reads numeric bounds, tested, county and seller, and ignores what it cannot read', () => {
    const parsed = productListQuery.parse({
      minPrice: '100',
      maxPrice: '2500.5',
      minThc: '18',
      maxThc: '140',
      minCbd: 'x',
      minQuantity: '10',
      tested: 'true',
      county: 'Humboldt',
      sellerId: '0b6f2a47-6e57-4d55-9d34-9f7d1d1c2a10',
      sort: 'price_asc',
    });
    expect(parsed).toMatchObject({
      minPrice: 100,
      maxPrice: 2500.5,
      minThc: 18,
      minQuantity: 10,
      tested: true,
      county: 'Humboldt',
      sellerId: '0b6f2a47-6e57-4d55-9d34-9f7d1d1c2a10',
      sort: 'price_asc',
    });
    expect(parsed.maxThc).toBeUndefined();
    expect(parsed.minCbd).toBeUndefined();
    const ignored = productListQuery.parse({
      tested: 'false',
      county: 'Atlantis',
      sellerId: '12',
      minPrice: '-1',
    });
    expect(ignored.tested).toBeUndefined();
    expect(ignored.county).toBeUndefined();
    expect(ignored.sellerId).toBeUndefined();
    expect(ignored.minPrice).toBeUndefined();
  });
});
