import type { ProductFacetName, ProductListQuery } from '@canopy/shared';
import { and, type Column, eq, gte, lte, type SQL } from 'drizzle-orm';
import { listings } from '../../db/schema/index.ts';

// The catalog's facets beyond SPEC's filters (issue 15, decision 140), as conditions on a listing.
// Each reads a column of listings itself (the seller's county is copied there), so a faceted page
// is one table's rows, like every other catalog page (decision 011).
//
// A listing without the value a bound asks about does not meet it: a price bound leaves out
// make-offer listings (they show no price), a THC or CBD bound leaves out listings that state none.

export interface Facet {
  condition: SQL;
  /**
   * A partial index finds the rows that meet it (migration 0011): reading them costs in proportion
   * to their number. `tested` alone has none: it holds for too many rows to be worth one.
   */
  indexed: boolean;
  /** A bound on the price: part of the price sorts' own order, so a walk of that order starts at it. */
  price: boolean;
}

export function facetConditions(q: Pick<ProductListQuery, ProductFacetName>): Facet[] {
  const facets: Facet[] = [];
  const add = (condition: SQL, indexed = true, price = false) => facets.push({ condition, indexed, price });
  // Both bounds of a range are one condition: one index range, whose share of the rows is the band's.
  const range = (column: Column, min: number | undefined, max: number | undefined, price = false) => {
    const bounds = [min === undefined ? null : gte(column, min), max === undefined ? null : lte(column, max)];
    const condition = and(...bounds.filter((bound) => bound !== null));
    if (condition) add(condition, true, price);
  };
  range(listings.listedPrice, q.minPrice, q.maxPrice, true);
  range(listings.thcContent, q.minThc, q.maxThc);
  range(listings.cbdContent, q.minCbd, q.maxCbd);
  if (q.minQuantity !== undefined) add(gte(listings.quantityLbs, q.minQuantity));
  if (q.tested) add(eq(listings.tested, true), false);
  if (q.county) add(eq(listings.sellerCounty, q.county));
  if (q.sellerId) add(eq(listings.sellerId, q.sellerId));
  return facets;
}
