import { PRODUCT_FACETS } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { SAMPLE_FACETS } from '@/test/facet-samples.ts';
import { applyDraft, draftFrom, FACET_ERRORS } from './facet-draft.ts';
import { DEFAULT_FILTERS } from './product-filters.ts';

const UNSET = {
  minPrice: undefined,
  maxPrice: undefined,
  minThc: undefined,
  maxThc: undefined,
  minCbd: undefined,
  maxCbd: undefined,
  minQuantity: undefined,
};

const withNumbers = (numbers: Partial<ReturnType<typeof draftFrom>['numbers']>) => {
  const draft = draftFrom(DEFAULT_FILTERS);
  return { ...draft, numbers: { ...draft.numbers, ...numbers } };
};

describe('the filter panel draft', () => {
  test('starts from the filters in the address', () => {
    expect(
      draftFrom({ ...DEFAULT_FILTERS, category: 'flower', minPrice: 800, tested: true, county: 'Humboldt' }),
    ).toEqual({
      category: 'flower',
      sort: 'newest',
      numbers: {
        minPrice: '800',
        maxPrice: '',
        minThc: '',
        maxThc: '',
        minCbd: '',
        maxCbd: '',
        minQuantity: '',
      },
      flags: { tested: true },
      choices: { county: 'Humboldt' },
    });
  });

  test('applies numbers as typed, and names every emptied facet so it is cleared', () => {
    const draft = {
      ...withNumbers({ minPrice: ' 750 ', maxPrice: '1200.50', maxThc: '25', minQuantity: '2.5' }),
      flags: { tested: true },
      choices: { county: 'Kern' },
      sort: 'price_asc' as const,
    };
    expect(applyDraft(draft)).toEqual({
      ok: true,
      change: {
        ...UNSET,
        category: '',
        sort: 'price_asc',
        minPrice: 750,
        maxPrice: 1200.5,
        maxThc: 25,
        minQuantity: 2.5,
        tested: true,
        county: 'Kern',
      },
    });
  });

  test('an empty panel clears every facet', () => {
    expect(applyDraft(draftFrom({ ...DEFAULT_FILTERS, minThc: 3, tested: true }))).toEqual({
      ok: true,
      change: { ...UNSET, minThc: 3, category: '', sort: 'newest', tested: true, county: undefined },
    });
    const emptied = {
      ...draftFrom({ ...DEFAULT_FILTERS, minThc: 3, tested: true }),
      flags: { tested: false },
    };
    emptied.numbers.minThc = '';
    expect(applyDraft(emptied)).toEqual({
      ok: true,
      change: { ...UNSET, category: '', sort: 'newest', tested: undefined, county: undefined },
    });
  });

  test.each([
    ['a negative price', { minPrice: '-1' }, { minPrice: FACET_ERRORS.notANumber }],
    ['a THC over 100', { maxThc: '101' }, { maxThc: FACET_ERRORS.percent }],
    ['a negative CBD', { minCbd: '-0.5' }, { minCbd: FACET_ERRORS.percent }],
    ['a price beyond any lot', { maxPrice: '1000000000' }, { maxPrice: FACET_ERRORS.tooLarge }],
    [
      'a maximum under the minimum',
      { minPrice: '900', maxPrice: '100' },
      { maxPrice: FACET_ERRORS.belowMinimum },
    ],
    ['a THC range upside down', { minThc: '30', maxThc: '20' }, { maxThc: FACET_ERRORS.belowMinimum }],
  ])('refuses %s and says why', (_case, numbers, errors) => {
    expect(applyDraft(withNumbers(numbers))).toEqual({ ok: false, errors });
  });

  test('an unknown choice is no filter', () => {
    const draft = { ...draftFrom(DEFAULT_FILTERS), choices: { county: 'Atlantis' } };
    expect(applyDraft(draft)).toMatchObject({ ok: true, change: { county: undefined } });
  });

  // Every facet of the registry (decision 258) but the storefront's seller is in the panel: set
  // each one, and it comes back from the draft as it was; applying leaves the seller alone.
  test('carries every facet of the registry through the draft', () => {
    const filters = { ...DEFAULT_FILTERS, ...SAMPLE_FACETS };
    const result = applyDraft(draftFrom(filters));
    const panel = PRODUCT_FACETS.filter((facet) => facet.kind !== 'id').flatMap((facet) => facet.fields);
    expect(result).toEqual({
      ok: true,
      change: {
        category: '',
        sort: 'newest',
        ...Object.fromEntries(panel.map((field) => [field, SAMPLE_FACETS[field]])),
      },
    });
  });
});
