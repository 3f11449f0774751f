import { describe, expect, test } from 'vitest';
import { PRICE_TIERS } from './price-tiers.ts';
import { listingFormSchema } from './schemas.ts';

// The listing form's volume tiers (decision 233): the rules the web form and the API share.

const FORM = {
  title: 'Blue Dream greenhouse',
  description: 'Greenhouse flower, dried and cured in glass for three weeks.',
  product_type: 'Flower - Indoor',
  zip_code: '95501',
  quantity_lbs: '100',
  asking_price: '1200',
};

/** The first problem the schema names, and where, or the parsed tiers. */
function parse(priceTiers: unknown, changes: Record<string, unknown> = {}) {
  const result = listingFormSchema.safeParse({ ...FORM, ...changes, price_tiers: priceTiers });
  if (result.success) return { tiers: result.data.price_tiers };
  const [issue] = result.error.issues;
  return { problem: issue?.message, path: issue?.path.join('.') };
}

describe('volume tiers on the listing form', () => {
  test('multipart JSON and the form’s typed rows read alike, rounded to cents, empty rows dropped', () => {
    const expected = {
      tiers: [
        { fromLbs: 10, pricePerLb: 1100 },
        { fromLbs: 25.5, pricePerLb: 1049.99 },
      ],
    };
    expect(parse('[{"fromLbs":10,"pricePerLb":1100},{"fromLbs":25.5,"pricePerLb":1049.99}]')).toEqual(
      expected,
    );
    expect(
      parse([
        { fromLbs: '10', pricePerLb: '1100.00' },
        { fromLbs: '', pricePerLb: ' ' },
        { fromLbs: ' 25.5 ', pricePerLb: '1049.99' },
      ]),
    ).toEqual(expected);
  });

  test('left out, blank or an empty list is no tiers', () => {
    expect(listingFormSchema.parse(FORM).price_tiers).toEqual([]);
    expect(parse('')).toEqual({ tiers: [] });
    expect(parse('[]')).toEqual({ tiers: [] });
  });

  test.each([
    ['malformed JSON', '[{', PRICE_TIERS.invalid, 'price_tiers'],
    ['not a list', '{"fromLbs":10}', PRICE_TIERS.invalid, 'price_tiers'],
    ['a row that is not an object', '[10]', PRICE_TIERS.invalid, 'price_tiers.0'],
    [
      'six tiers',
      JSON.stringify([10, 20, 30, 40, 50, 60].map((from, i) => ({ fromLbs: from, pricePerLb: 1100 - i }))),
      PRICE_TIERS.tooMany,
      'price_tiers',
    ],
    [
      'a start left blank',
      [{ fromLbs: '', pricePerLb: '1100' }],
      PRICE_TIERS.fromRequired,
      'price_tiers.0.fromLbs',
    ],
    [
      'a start that is not a number',
      [{ fromLbs: 'ten', pricePerLb: '1100' }],
      PRICE_TIERS.fromInvalid,
      'price_tiers.0.fromLbs',
    ],
    [
      'a start at 0',
      '[{"fromLbs":0,"pricePerLb":1100}]',
      PRICE_TIERS.fromAboveMinimum,
      'price_tiers.0.fromLbs',
    ],
    [
      'a start at the smallest quantity',
      '[{"fromLbs":0.01,"pricePerLb":1100}]',
      PRICE_TIERS.fromAboveMinimum,
      'price_tiers.0.fromLbs',
    ],
    [
      'a negative start',
      '[{"fromLbs":-5,"pricePerLb":1100}]',
      PRICE_TIERS.fromAboveMinimum,
      'price_tiers.0.fromLbs',
    ],
    [
      'a start with three decimals',
      '[{"fromLbs":10.001,"pricePerLb":1100}]',
      PRICE_TIERS.fromStep,
      'price_tiers.0.fromLbs',
    ],
    [
      'a start past the largest lot',
      '[{"fromLbs":1000000.01,"pricePerLb":1100}]',
      PRICE_TIERS.fromMax,
      'price_tiers.0.fromLbs',
    ],
    [
      'starts not increasing',
      '[{"fromLbs":25,"pricePerLb":1100},{"fromLbs":25,"pricePerLb":1000}]',
      PRICE_TIERS.fromIncreasing,
      'price_tiers.1.fromLbs',
    ],
    [
      'a price left blank',
      [{ fromLbs: '10', pricePerLb: '' }],
      PRICE_TIERS.priceRequired,
      'price_tiers.0.pricePerLb',
    ],
    [
      'a price of 0',
      '[{"fromLbs":10,"pricePerLb":0}]',
      PRICE_TIERS.pricePositive,
      'price_tiers.0.pricePerLb',
    ],
    [
      'a price above 0 that is no cent once stored',
      '[{"fromLbs":10,"pricePerLb":1e-9}]',
      PRICE_TIERS.pricePositive,
      'price_tiers.0.pricePerLb',
    ],
    [
      'a price with three decimals',
      '[{"fromLbs":10,"pricePerLb":1099.999}]',
      PRICE_TIERS.priceStep,
      'price_tiers.0.pricePerLb',
    ],
    [
      'prices not falling',
      '[{"fromLbs":10,"pricePerLb":1000},{"fromLbs":20,"pricePerLb":1000}]',
      PRICE_TIERS.priceDecreasing,
      'price_tiers.1.pricePerLb',
    ],
    [
      'a price at the asking price',
      '[{"fromLbs":10,"pricePerLb":1200}]',
      PRICE_TIERS.priceBelowAsking,
      'price_tiers.0.pricePerLb',
    ],
    [
      'a price above the asking price',
      '[{"fromLbs":10,"pricePerLb":1300}]',
      PRICE_TIERS.priceBelowAsking,
      'price_tiers.0.pricePerLb',
    ],
  ])('refuses %s', (_name, tiers, problem, path) => {
    expect(parse(tiers)).toEqual({ problem, path });
  });

  test('refuses tiers on a make-an-offer lot, which has no asking price to lower', () => {
    expect(parse('[{"fromLbs":10,"pricePerLb":1100}]', { make_offer: 'true', asking_price: '' })).toEqual({
      problem: PRICE_TIERS.makeOffer,
      path: 'price_tiers',
    });
    expect(parse('[]', { make_offer: 'true', asking_price: '' })).toEqual({ tiers: [] });
  });

  test('accepts a tier one cent below the asking price and five tiers', () => {
    const five = [2, 3, 4, 5, 6].map((from, i) => ({ fromLbs: from, pricePerLb: 1199.99 - i }));
    expect(parse(JSON.stringify(five)).tiers).toHaveLength(5);
  });
});
