import type { ProductListQuery } from '@canopy/shared';
import { type Column, eq, gte, lte, type SQL } from 'drizzle-orm';
import { listings } from '../../db/schema/index.ts';

// The catalog's facets beyond SPEC's filters (issue 15, decision 140), as conditions on a listing.
// Each reads a column of listings itself (the seller's county is copied there), so a faceted page
// is one table's rows, like every other catalog page (decision 011).
//
// A listing without the value a bound asks about does not meet it: a price bound leaves out
// make-offer listings (they show no price), a THC or CBD bound leaves out listings that state none.

export function facetConditions(q: ProductListQuery): SQL[] {
  const conditions: SQL[] = [];
  const range = (column: Column, min?: number, max?: number) => {
    if (min !== undefined) conditions.push(gte(column, min));
    if (max !== undefined) conditions.push(lte(column, max));
  };
  range(listings.listedPrice, q.minPrice, q.maxPrice);
  range(listings.thcContent, q.minThc, q.maxThc);
  range(listings.cbdContent, q.minCbd, q.maxCbd);
  if (q.minQuantity !== undefined) conditions.push(gte(listings.quantityLbs, q.minQuantity));
  if (q.tested) conditions.push(eq(listings.tested, true));
  if (q.county) conditions.push(eq(listings.sellerCounty, q.county));
  if (q.sellerId) conditions.push(eq(listings.sellerId, q.sellerId));
  return conditions;
}
