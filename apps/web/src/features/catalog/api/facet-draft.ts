import {
  type ChoiceFacetName,
  type FacetUnit,
  type FlagFacetName,
  type NumericFacetName,
  type ProductCategory,
  type ProductSort,
  productFacetsOfKind,
} from '@canopy/shared';
import type { ProductFilters } from './product-filters.ts';

// The filter panel edits a draft and applies it in one go (Apply, or Enter in any field), so a
// half-typed range never reaches the address or the server. The draft holds the number fields as
// typed; applying checks them the way the API would read them and says what is wrong instead of
// silently dropping a bound the API would ignore. Every facet of the panel comes from the registry
// (PRODUCT_FACETS, decision 258): its ranges, checkboxes and lists.

export const RANGE_FACETS = productFacetsOfKind('range');
export const FLAG_FACETS = productFacetsOfKind('flag');
export const CHOICE_FACETS = productFacetsOfKind('choice');

export type NumberField = NumericFacetName;

export interface FacetDraft {
  category: ProductCategory | '';
  sort: ProductSort;
  numbers: Record<NumberField, string>;
  flags: Record<FlagFacetName, boolean>;
  /** A choice's value, or '' for none. */
  choices: Record<ChoiceFacetName, string>;
}

export const FACET_ERRORS = {
  notANumber: 'Enter a number of 0 or more',
  percent: 'Enter a percentage from 0 to 100',
  tooLarge: 'Enter a smaller number',
  belowMinimum: 'Must not be less than the minimum',
} as const;

/** A percentage says its whole range at once; other units say which end was passed. */
const rangeErrors = (unit: FacetUnit) =>
  unit === 'percent'
    ? { invalid: FACET_ERRORS.percent, tooLarge: FACET_ERRORS.percent }
    : { invalid: FACET_ERRORS.notANumber, tooLarge: FACET_ERRORS.tooLarge };

/** An object with one entry per field of the given facets. */
const byField = <F extends { fields: readonly string[] }, Value>(
  facets: readonly F[],
  value: (field: F['fields'][number], facet: F) => Value,
) =>
  Object.fromEntries(
    facets.flatMap((facet) => facet.fields.map((field) => [field, value(field, facet)])),
  ) as Record<F['fields'][number], Value>;

export function draftFrom(filters: ProductFilters): FacetDraft {
  return {
    category: filters.category,
    sort: filters.sort,
    numbers: byField(RANGE_FACETS, (field) => (filters[field] === undefined ? '' : String(filters[field]))),
    flags: byField(FLAG_FACETS, (field) => filters[field] === true),
    choices: byField(CHOICE_FACETS, (field) => filters[field] ?? ''),
  };
}

export type DraftResult =
  | { ok: true; change: Partial<ProductFilters> }
  | { ok: false; errors: Partial<Record<NumberField, string>> };

/**
 * The filters a draft stands for, or what is wrong with it. Every facet of the panel is named, an
 * unset one as undefined, so applying clears what was emptied; a facet outside the panel (the
 * storefront's seller) is left as it was.
 */
export function applyDraft(draft: FacetDraft): DraftResult {
  const errors: Partial<Record<NumberField, string>> = {};
  const numbers: Partial<Record<NumberField, number>> = {};
  for (const { fields, limit, unit } of RANGE_FACETS) {
    const says = rangeErrors(unit);
    for (const field of fields) {
      const text = draft.numbers[field].trim();
      if (text === '') continue;
      const value = Number(text);
      if (!Number.isFinite(value) || value < 0) errors[field] = says.invalid;
      else if (value > limit) errors[field] = says.tooLarge;
      else numbers[field] = value;
    }
    const [min, max] = fields;
    const low = numbers[min];
    const high = max && numbers[max];
    if (max && low !== undefined && high !== undefined && high < low) errors[max] = FACET_ERRORS.belowMinimum;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  return {
    ok: true,
    change: {
      category: draft.category,
      sort: draft.sort,
      ...byField(RANGE_FACETS, (field) => numbers[field]),
      ...byField(FLAG_FACETS, (field) => (draft.flags[field] ? true : undefined)),
      ...byField(CHOICE_FACETS, (field, { values }) => {
        const value = draft.choices[field];
        return (values as readonly string[]).includes(value) ? (value as (typeof values)[number]) : undefined;
      }),
    },
  };
}
