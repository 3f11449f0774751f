import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '../constants.ts';
import { PRODUCTS } from '../texts.ts';
import {
  PRICE_FACET_MAX,
  PRODUCTS_MAX_LIMIT,
  PRODUCTS_MAX_PAGE,
  PRODUCTS_PAGE_SIZE,
  QUANTITY_FACET_MAX,
} from './limits.ts';
import { productListQuery } from './schemas.ts';

// GET /products is linkable, so its filters are read leniently (SPEC §9: page size 12, eight
// categories, sort omitted when newest); a number it cannot read is refused (decision 188).

describe('productListQuery', () => {
  it("filters by SPEC's eight categories and ignores any other", () => {
    expect(new Set(PRODUCT_CATEGORIES).size).toBe(8);
    for (const category of ['flower', 'pre-roll', 'tincture', 'other']) {
      expect(productListQuery.parse({ category }).category).toBe(category);
    }
    expect(productListQuery.parse({ category: 'seeds' }).category).toBeUndefined();
  });

  it('defaults a missing page or limit, clamps one out of range and refuses one that is no number', () => {
    expect(productListQuery.parse({ limit: '' })).toMatchObject({
      page: 1,
      limit: PRODUCTS_PAGE_SIZE,
      sort: 'newest',
    });
    expect(productListQuery.parse({ page: '999999', limit: '1000' })).toMatchObject({
      page: PRODUCTS_MAX_PAGE,
      limit: PRODUCTS_MAX_LIMIT,
    });
    expect(productListQuery.parse({ page: '-4', limit: '2.7' })).toMatchObject({ page: 1, limit: 2 });
    for (const [name, value] of [
      ['page', 'x'],
      ['limit', '12abc'],
      ['page', ['1', '2']],
    ] as const) {
      const refused = productListQuery.safeParse({ [name]: value });
      expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [[name], PRODUCTS.numberInvalid(name)],
      ]);
    }
  });
});

describe('product facets', () => {
  it('reads numeric bounds, tested, county and seller, and ignores what it cannot read', () => {
    const parsed = productListQuery.parse({
      minPrice: '100',
      maxPrice: '2500.5',
      minThc: '18',
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
      minPrice: '',
    });
    expect(ignored.tested).toBeUndefined();
    expect(ignored.county).toBeUndefined();
    expect(ignored.sellerId).toBeUndefined();
    expect(ignored.minPrice).toBeUndefined();
  });

  it('refuses a numeric facet that is malformed or out of range, naming it and its range', () => {
    for (const [name, value, max] of [
      ['minPrice', '-1', PRICE_FACET_MAX],
      ['maxThc', '140', 100],
      ['minCbd', 'x', 100],
      ['minQuantity', '1,000', QUANTITY_FACET_MAX],
    ] as const) {
      const refused = productListQuery.safeParse({ [name]: value });
      expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [[name], PRODUCTS.numberOutOfRange(name, 0, max)],
      ]);
    }
  });
});
