import { LISTING_RULES } from '@canopy/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ProductTypeRow, productTypes } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

// The product types a listing may have, and reading the one a form names.

export function listProductTypes(db: Db): Promise<ProductTypeRow[]> {
  return db.select().from(productTypes).orderBy(asc(productTypes.sortOrder), asc(productTypes.name));
}

/** The form sends a product type's name (as SPEC's select does) or its id. */
export async function resolveProductType(db: Db, value: string): Promise<ProductTypeRow> {
  const match = isUuid(value)
    ? eq(productTypes.id, value)
    : sql`lower(${productTypes.name}) = lower(${value})`;
  const [type] = await db.select().from(productTypes).where(match).limit(1);
  if (!type) throw badRequest(LISTING_RULES.productTypeUnknown);
  return type;
}
