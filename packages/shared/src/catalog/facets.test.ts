import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  PRODUCT_FACET_NAMES,
  PRODUCT_FACETS,
  type ProductFacetName,
  type ProductFacetOfKind,
  readProductFacets,
} from './facets.ts';
import { PRICE_FACET_MAX, QUANTITY_FACET_MAX } from './limits.ts';
import { NO_FACET_COUNTS, type ProductFacetCountsDto } from './responses.ts';
import { productFacets, productListQuery } from './schemas.ts';

// The web app reads the catalog's facets without zod (decision 177); the server reads a page's
// address with the schema's lenient facets. Both must read every address alike, so each tricky
// value is put through both here. GET /products itself refuses a number it cannot read (decision
// 188), and reads every number it takes as the page does.

const schema = z.object(productFacets);
/** The schema's answer without the facets it left unset, as the zod-free reader gives it. */
const bySchema = (raw: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(schema.parse(raw)).filter(([, value]) => value !== undefined));

const SELLER = '0b6f2a47-6e57-4d55-9d34-9f7d1d1c2a10';

const NUMERIC_VALUES = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '-0.01',
  '12',
  ' 12 ',
  '12.5',
  '1e2',
  '1e3',
  '0x10',
  '0b11',
  '100',
  '100.0001',
  '101',
  String(PRICE_FACET_MAX),
  String(PRICE_FACET_MAX + 1),
  String(QUANTITY_FACET_MAX + 0.5),
  'abc',
  '12abc',
  'NaN',
  'Infinity',
  '-Infinity',
  '1,000',
  '$5',
];

const OTHER_VALUES: [ProductFacetName, string][] = [
  ['tested', 'true'],
  ['tested', 'false'],
  ['tested', 'TRUE'],
  ['tested', '1'],
  ['tested', ''],
  ['tested', 'true '],
  ['county', 'Humboldt'],
  ['county', 'humboldt'],
  ['county', 'Humboldt '],
  ['county', 'San Luis Obispo'],
  ['county', 'Atlantis'],
  ['county', ''],
  ['sellerId', SELLER],
  ['sellerId', SELLER.toUpperCase()],
  ['sellerId', ` ${SELLER}`],
  ['sellerId', '00000000-0000-0000-0000-000000000000'],
  ['sellerId', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
  ['sellerId', '0b6f2a47-6e57-0d55-9d34-9f7d1d1c2a10'],
  ['sellerId', '0b6f2a47-6e57-4d55-7d34-9f7d1d1c2a10'],
  ['sellerId', '0b6f2a476e574d559d349f7d1d1c2a10'],
  ['sellerId', '12'],
  ['sellerId', ''],
];

const NUMERIC_NAMES = PRODUCT_FACET_NAMES.filter(
  (name) => name !== 'tested' && name !== 'county' && name !== 'sellerId',
);

const CASES: [string, Record<string, unknown>][] = [
  ['nothing', {}],
  ['every facet unset', Object.fromEntries(PRODUCT_FACET_NAMES.map((name) => [name, undefined]))],
  ...NUMERIC_NAMES.flatMap((name) =>
    NUMERIC_VALUES.map((value): [string, Record<string, unknown>] => [`${name}=${value}`, { [name]: value }]),
  ),
  ...OTHER_VALUES.map(([name, value]): [string, Record<string, unknown>] => [
    `${name}=${value}`,
    { [name]: value },
  ]),
  ['a swapped price range', { minPrice: '900', maxPrice: '100' }],
  ['a swapped THC range', { minThc: '30', maxThc: '10' }],
  ['equal bounds', { minCbd: '5', maxCbd: '5' }],
  [
    'every facet at once',
    {
      minPrice: '100',
      maxPrice: '2500.5',
      minThc: '18',
      maxThc: '140',
      minCbd: 'x',
      maxCbd: '2',
      minQuantity: '10',
      tested: 'true',
      county: 'Humboldt',
      sellerId: SELLER,
    },
  ],
  ['values that are not strings', { minPrice: 5, tested: true, county: ['Humboldt'], sellerId: null }],
  ['a repeated parameter (an array)', { minPrice: ['1', '2'], county: ['Kern', 'Inyo'] }],
];

describe('readProductFacets', () => {
  it.each(CASES)('reads %s as the API schema does', (_case, raw) => {
    expect(readProductFacets(raw)).toEqual(bySchema(raw));
  });

  it.each(CASES)('GET /products reads %s as the page does, or refuses it', (_case, raw) => {
    const api = productListQuery.safeParse(raw);
    if (api.success) {
      const { page, limit, query, category, sort, ...facets } = api.data;
      expect(Object.fromEntries(Object.entries(facets).filter(([, value]) => value !== undefined))).toEqual(
        readProductFacets(raw),
      );
    } else {
      expect(api.error.issues[0]?.path).toEqual([expect.stringMatching(/^(min|max)/)]);
    }
  });

  it('names every facet the schema has, in its order', () => {
    expect(PRODUCT_FACET_NAMES).toEqual(Object.keys(productFacets));
  });
});

// The registry (decision 258) is where a facet is added; these hold the schemas and the counts'
// shape to it, so a facet added to one and not the other fails here or in the type check.
describe('the facet registry', () => {
  const SPEC_FIELDS = ['page', 'limit', 'query', 'category', 'sort'];

  it('is the schemas’ facets, field for field and in order', () => {
    expectTypeOf<keyof typeof productFacets>().toEqualTypeOf<ProductFacetName>();
    expectTypeOf<
      Exclude<keyof typeof productListQuery.shape, 'page' | 'limit' | 'query' | 'category' | 'sort'>
    >().toEqualTypeOf<ProductFacetName>();
    expect(PRODUCT_FACET_NAMES).toEqual(PRODUCT_FACETS.flatMap((facet) => facet.fields));
    expect(Object.keys(productListQuery.shape).filter((key) => !SPEC_FIELDS.includes(key))).toEqual(
      PRODUCT_FACET_NAMES,
    );
    expect(new Set(PRODUCT_FACET_NAMES).size).toBe(PRODUCT_FACET_NAMES.length);
    expect(new Set(PRODUCT_FACETS.map((facet) => facet.name)).size).toBe(PRODUCT_FACETS.length);
  });

  it('labels every number field of a range, and a pair is a minimum then a maximum', () => {
    for (const facet of PRODUCT_FACETS) {
      if (facet.kind !== 'range') continue;
      expect(facet.labels, facet.name).toHaveLength(facet.fields.length);
      expect(facet.fields[0], facet.name).toMatch(/^min/);
      if (facet.fields[1]) expect(facet.fields[1], facet.name).toMatch(/^max/);
    }
  });

  it('gives the list’s counts a place for every counted facet, and for nothing else', () => {
    type Counted =
      | Extract<ProductFacetOfKind<'range'>, { bands: unknown }>['name']
      | ProductFacetOfKind<'flag' | 'choice'>['name'];
    expectTypeOf<keyof ProductFacetCountsDto>().toEqualTypeOf<'category' | Counted>();
    const counted = PRODUCT_FACETS.filter((facet) =>
      facet.kind === 'range' ? 'bands' in facet : facet.kind !== 'id',
    );
    expect(Object.keys(NO_FACET_COUNTS).sort()).toEqual(
      ['category', ...counted.map((facet) => facet.name)].sort(),
    );
    for (const facet of PRODUCT_FACETS) {
      if (facet.kind === 'range' && 'bands' in facet)
        expect(NO_FACET_COUNTS[facet.name].map(({ min, max }) => [min, max])).toEqual(facet.bands);
    }
  });
});
