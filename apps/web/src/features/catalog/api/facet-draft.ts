import {
  CALIFORNIA_COUNTIES,
  NUMERIC_FACET_RANGES,
  type NumericFacetName,
  PRICE_FACET_MAX,
  type ProductCategory,
  type ProductSort,
} from '@canopy/shared';
import type { County, ProductFacets, ProductFilters } from './product-filters.ts';

// The filter panel edits a draft and applies it in one go (Apply, or Enter in any field), so a
// half-typed range never reaches the address or the server. The draft holds the number fields as
// typed; applying checks them the way the API would read them and says what is wrong instead of
// silently dropping a bound the API would ignore.

export const RANGES = [
  { min: 'minPrice', max: 'maxPrice', limit: PRICE_FACET_MAX, kind: 'price' },
  { min: 'minThc', max: 'maxThc', limit: 100, kind: 'percent' },
  { min: 'minCbd', max: 'maxCbd', limit: 100, kind: 'percent' },
] as const;

export type NumberField = NumericFacetName;

export interface FacetDraft {
  category: ProductCategory | '';
  sort: ProductSort;
  numbers: Record<NumberField, string>;
  tested: boolean;
  county: County | '';
}

export const FACET_ERRORS = {
  notANumber: 'Enter a number of 0 or more',
  percent: 'Enter a percentage from 0 to 100',
  tooLarge: 'Enter a smaller number',
  belowMinimum: 'Must not be less than the minimum',
} as const;

/** The number fields, in the order the address writes them; their ranges are the API's own. */
const NUMBER_FIELDS = Object.keys(NUMERIC_FACET_RANGES) as NumberField[];
const limitOf = (field: NumberField) => NUMERIC_FACET_RANGES[field][1];

export function draftFrom(filters: ProductFilters): FacetDraft {
  return {
    category: filters.category,
    sort: filters.sort,
    numbers: Object.fromEntries(
      NUMBER_FIELDS.map((field) => [field, filters[field] === undefined ? '' : String(filters[field])]),
    ) as Record<NumberField, string>,
    tested: filters.tested === true,
    county: filters.county ?? '',
  };
}

export type DraftResult =
  | { ok: true; change: Partial<ProductFilters> }
  | { ok: false; errors: Partial<Record<NumberField, string>> };

const isCounty = (value: string): value is County =>
  (CALIFORNIA_COUNTIES as readonly string[]).includes(value);

/** The filters a draft stands for (every facet, set or cleared), or what is wrong with it. */
export function applyDraft(draft: FacetDraft): DraftResult {
  const errors: Partial<Record<NumberField, string>> = {};
  const values: Partial<Record<NumberField, number>> = {};
  for (const field of NUMBER_FIELDS) {
    const text = draft.numbers[field].trim();
    if (text === '') continue;
    const value = Number(text);
    const percent = limitOf(field) === 100;
    if (!Number.isFinite(value) || value < 0)
      errors[field] = percent ? FACET_ERRORS.percent : FACET_ERRORS.notANumber;
    else if (value > limitOf(field)) errors[field] = percent ? FACET_ERRORS.percent : FACET_ERRORS.tooLarge;
    else values[field] = value;
  }
  for (const { min, max } of RANGES) {
    const low = values[min];
    const high = values[max];
    if (low !== undefined && high !== undefined && high < low) errors[max] = FACET_ERRORS.belowMinimum;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const facets: ProductFacets = {
    ...values,
    tested: draft.tested ? true : undefined,
    county: isCounty(draft.county) ? draft.county : undefined,
  };
  // Every panel facet is named, unset ones as undefined, so applying clears what was emptied.
  const change: Partial<ProductFilters> = {
    category: draft.category,
    sort: draft.sort,
    ...Object.fromEntries(NUMBER_FIELDS.map((field) => [field, undefined])),
    ...facets,
  };
  return { ok: true, change };
}
