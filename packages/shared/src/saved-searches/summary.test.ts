import { describe, expect, it } from 'vitest';
import { PRODUCT_FACETS, type ProductFacetSpec } from '../catalog/facets.ts';
import { readFilterParams } from './schemas.ts';
import { describeFilters } from './summary.ts';

describe('saved search filters', () => {
  it('keep only what narrows or orders, in one canonical string form', () => {
    expect(
      readFilterParams({
        page: '4',
        limit: '48',
        sort: 'newest',
        query: '  wedding cake ',
        minQuantity: '5.5',
        tested: 'yes',
        county: 'Atlantis',
        sellerId: 'not-a-uuid',
      }),
    ).toEqual({ query: 'wedding cake', minQuantity: '5.5' });
    expect(readFilterParams({ sort: 'price_asc', category: 'vape', maxCbd: '2' })).toEqual({
      category: 'vape',
      sort: 'price_asc',
      maxCbd: '2',
    });
  });

  it('read in words, ranges and one-sided bounds alike', () => {
    expect(describeFilters({})).toBe('All products');
    expect(describeFilters({ sort: 'name_asc' })).toBe('All products');
    expect(describeFilters({ category: 'pre-roll', maxPrice: '899.5', minCbd: '1', maxCbd: '4' })).toBe(
      'Pre-Roll · at most $899.50 per lb · CBD 1%–4%',
    );
    expect(describeFilters({ minQuantity: '1200', county: 'San Diego' })).toBe(
      'at least 1,200 lbs available · San Diego County',
    );
  });

  // A facet added to the registry (decision 258) is kept by a saved search and said in its words.
  it('keep and describe every facet of the registry', () => {
    const sample = (facet: ProductFacetSpec): string => {
      switch (facet.kind) {
        case 'range':
          return '1';
        case 'flag':
          return 'true';
        case 'choice':
          return facet.values[0] ?? '';
        case 'id':
          return '0190a0a0-0000-7000-8000-000000000001';
      }
    };
    for (const facet of PRODUCT_FACETS) {
      for (const field of facet.fields) {
        const params = { [field]: sample(facet) };
        expect(readFilterParams(params), field).toEqual(params);
        expect(describeFilters(params), field).not.toBe(describeFilters({}));
      }
    }
  });
});
