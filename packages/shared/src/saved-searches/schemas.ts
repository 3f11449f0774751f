import { z } from 'zod';
import { PRODUCT_FACET_NAMES } from '../catalog/facets.ts';
import { productFilterReading } from '../catalog/schemas.ts';
import { singleLine, strictObject } from '../common/fields.ts';
import { SAVED_SEARCH_NAME_MAX } from './limits.ts';
import { SAVED_SEARCHES } from './texts.ts';

// A saved search keeps the catalog's filters as the catalog's page reads its address (a number it
// cannot read is no bound there, where GET /products refuses it, decision 188), without the page
// and its size; what it keeps is canonical, so GET /products runs it as saved.

export const productFilterQuery = productFilterReading;
export type ProductFilterQuery = z.output<typeof productFilterQuery>;

/** The order parameters are written in, so equal searches are equal strings. */
const FILTER_KEYS = ['query', 'category', 'sort', ...PRODUCT_FACET_NAMES] as const;

/**
 * The address form of read filters: only what narrows or orders, defaults left out, every value a
 * string as the catalog's query string carries it (the catalog's lenient facet reader takes
 * strings, which is also why a saved search is stored in this form).
 */
export function filterParams(filters: ProductFilterQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === '' || (key === 'sort' && value === 'newest')) continue;
    params[key] = String(value);
  }
  return params;
}

/** Address parameters to the canonical saved form (unknown and malformed ones drop out). */
export const readFilterParams = (params: Record<string, string>) =>
  filterParams(productFilterQuery.parse(params));

const nameField = singleLine(
  z
    .string({ error: SAVED_SEARCHES.nameRequired })
    .trim()
    .min(1, SAVED_SEARCHES.nameRequired)
    .max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES.nameTooLong),
);

/** The catalog's address parameters as they stand (`page` and `limit` are ignored). */
const filtersField = z
  .record(z.string(), z.string())
  .optional()
  .transform((params) => readFilterParams(params ?? {}));

/** POST /saved-searches */
export const createSavedSearchSchema = strictObject({ name: nameField, filters: filtersField });
export type CreateSavedSearchInput = z.input<typeof createSavedSearchSchema>;

/** PATCH /saved-searches/{id}: only the name changes; other filters are another saved search. */
export const renameSavedSearchSchema = strictObject({ name: nameField });
export type RenameSavedSearchInput = z.input<typeof renameSavedSearchSchema>;
