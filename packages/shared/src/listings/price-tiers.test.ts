import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type AppliedPrice, PRICE_TIERS, type PriceTier, priceForQuantity } from './price-tiers.ts';

// The one price computation of volume tiers (decision 233), at every boundary of a table: just
// below, at and just above each tier's start, with cents, at the smallest quantity and at a large
// one; then a property over random valid tables.

const ASKING = 1200;
const TABLE: PriceTier[] = [
  { fromLbs: 10, pricePerLb: 1100 },
  { fromLbs: 25.5, pricePerLb: 1049.99 },
  { fromLbs: 100, pricePerLb: 999.01 },
];

const asking: AppliedPrice = { pricePerLb: ASKING, source: 'asking', fromLbs: null };
const tier = (index: number): AppliedPrice => {
  const { fromLbs, pricePerLb } = TABLE[index] as PriceTier;
  return { pricePerLb, source: 'tier', fromLbs };
};

describe('the price a quantity gets', () => {
  test.each([
    ['the smallest quantity', 0.01, asking],
    ['one pound', 1, asking],
    ['just below the first tier', 9.99, asking],
    ['at the first tier', 10, tier(0)],
    ['just above the first tier', 10.01, tier(0)],
    ['just below a tier that starts at cents', 25.49, tier(0)],
    ['at a tier that starts at cents', 25.5, tier(1)],
    ['just above a tier that starts at cents', 25.51, tier(1)],
    ['just below the last tier', 99.99, tier(1)],
    ['at the last tier', 100, tier(2)],
    ['just above the last tier', 100.01, tier(2)],
    ['ten thousand pounds', 10_000, tier(2)],
  ])('%s (%d lbs)', (_name, quantity, expected) => {
    expect(priceForQuantity(quantity, ASKING, TABLE)).toEqual(expected);
  });

  test('a quantity with binary-fraction noise at a start still reaches it (0.1 + 0.2 lbs)', () => {
    const table = [{ fromLbs: 0.3, pricePerLb: 10 }];
    expect(priceForQuantity(0.1 + 0.2, 12, table)).toEqual({ pricePerLb: 10, source: 'tier', fromLbs: 0.3 });
    expect(priceForQuantity(0.29, 12, table)?.source).toBe('asking');
  });

  test('without tiers every quantity gets the asking price', () => {
    for (const quantity of [0.01, 10, 10_000]) expect(priceForQuantity(quantity, ASKING, [])).toEqual(asking);
  });

  test('tiers given out of order give the same prices', () => {
    const shuffled = [TABLE[2], TABLE[0], TABLE[1]] as PriceTier[];
    for (const quantity of [9.99, 10, 25.5, 99.99, 100, 10_000]) {
      expect(priceForQuantity(quantity, ASKING, shuffled)).toEqual(priceForQuantity(quantity, ASKING, TABLE));
    }
  });

  test('a lot without an asking price (make an offer) has no price at any quantity', () => {
    expect(priceForQuantity(10, null, [])).toBeNull();
  });

  test('the offer form says which price applies and why', () => {
    expect(PRICE_TIERS.priceAt(12, tier(0))).toBe('Price at 12 lbs: $1,100.00/lb (tier from 10 lbs)');
    expect(PRICE_TIERS.priceAt(5, asking)).toBe('Price at 5 lbs: $1,200.00/lb (asking price)');
    expect(PRICE_TIERS.tableRow({ fromLbs: 25.5, pricePerLb: 1049.99 })).toBe('From 25.5 lbs — $1,049.99/lb');
  });
});

/** A valid table: up to 5 tiers, starts increasing above 0.01 lb, prices falling below the asking price. */
const tableArbitrary = fc
  .record({
    askingCents: fc.integer({ min: 600, max: 1_000_000_000 }),
    starts: fc.uniqueArray(fc.integer({ min: 2, max: 100_000_000 }), { minLength: 0, maxLength: 5 }),
    cuts: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 5, maxLength: 5 }),
  })
  .map(({ askingCents, starts, cuts }) => {
    const sorted = [...starts].sort((a, b) => a - b);
    let price = askingCents;
    const tiers = sorted.map((start, index) => {
      price -= cuts[index] ?? 1;
      return { fromLbs: start / 100, pricePerLb: price / 100 };
    });
    return { askingPrice: askingCents / 100, tiers };
  });

const quantityArbitrary = fc.integer({ min: 1, max: 100_000_000 }).map((cents) => cents / 100);

describe('any valid table', () => {
  test('gives a price that never rises with the quantity and is always one of its prices', () => {
    fc.assert(
      fc.property(tableArbitrary, quantityArbitrary, quantityArbitrary, ({ askingPrice, tiers }, a, b) => {
        const [less, more] = a <= b ? [a, b] : [b, a];
        const atLess = priceForQuantity(less, askingPrice, tiers);
        const atMore = priceForQuantity(more, askingPrice, tiers);
        expect(atLess).not.toBeNull();
        expect(atMore).not.toBeNull();
        expect(atMore?.pricePerLb).toBeLessThanOrEqual(atLess?.pricePerLb ?? Number.NaN);
        const prices = [askingPrice, ...tiers.map((row) => row.pricePerLb)];
        expect(prices).toContain(atLess?.pricePerLb);
        expect(prices).toContain(atMore?.pricePerLb);
      }),
      { numRuns: 500 },
    );
  });

  test('gives each tier exactly from its start, and the asking price below the first', () => {
    fc.assert(
      fc.property(tableArbitrary, ({ askingPrice, tiers }) => {
        const first = tiers[0];
        if (first) expect(priceForQuantity(first.fromLbs - 0.01, askingPrice, tiers)?.source).toBe('asking');
        for (const row of tiers) {
          expect(priceForQuantity(row.fromLbs, askingPrice, tiers)).toEqual({
            pricePerLb: row.pricePerLb,
            source: 'tier',
            fromLbs: row.fromLbs,
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});
