import { PRODUCT_CATEGORY_LABELS } from '../constants.ts';
import { type ProductFilterQuery, productFilterQuery } from './schemas.ts';
import { SAVED_SEARCHES } from './texts.ts';

// A saved search in words, the same on its page and in its alert mail: what narrows the catalog,
// in the order the filters appear on the catalog. The sort is left out (it orders, not narrows).

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** "$1,200" for whole dollars, "$899.50" otherwise. */
export const formatDollars = (amount: number) => dollars.format(amount).replace(/\.00$/, '');
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function range(min: number | undefined, max: number | undefined, show: (value: number) => string) {
  if (min !== undefined && max !== undefined) return `${show(min)}–${show(max)}`;
  if (min !== undefined) return `at least ${show(min)}`;
  if (max !== undefined) return `at most ${show(max)}`;
  return null;
}

/** "“blue dream” · Flower · $500–$1,200 per lb · THC at least 20% · Lab tested · Humboldt County" */
export function describeFilters(
  params: Record<string, string>,
  names: { sellerName?: string | null } = {},
): string {
  const f: ProductFilterQuery = productFilterQuery.parse(params);
  const price = range(f.minPrice, f.maxPrice, formatDollars);
  const thc = range(f.minThc, f.maxThc, (value) => `${number.format(value)}%`);
  const cbd = range(f.minCbd, f.maxCbd, (value) => `${number.format(value)}%`);
  const parts = [
    f.query ? `“${f.query}”` : null,
    f.category ? PRODUCT_CATEGORY_LABELS[f.category] : null,
    price && `${price} per lb`,
    thc && `THC ${thc}`,
    cbd && `CBD ${cbd}`,
    f.minQuantity !== undefined ? `at least ${number.format(f.minQuantity)} lbs available` : null,
    f.tested ? 'Lab tested' : null,
    f.county ? `${f.county} County` : null,
    f.sellerId ? `Seller: ${names.sellerName || 'one seller'}` : null,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : SAVED_SEARCHES.everything;
}
