import {
  CALIFORNIA_COUNTIES,
  type FacetBand,
  PRICE_FACET_BANDS,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  type ProductFacetCountsDto,
  type ProductListQuery,
  productListQuery,
  THC_FACET_BANDS,
} from '@canopy/shared';
import { and, asc, type Column, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { listings, PUBLIC_LISTING, type UserRow } from '../src/db/schema/index.ts';
import { uuidv7 } from '../src/lib/ids.ts';
import { searchTerms, tsQuery } from '../src/modules/catalog/search.ts';
import { insertUser } from '../src/seed/factories.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

// The catalog's search index (decision 252) against a plain SQL reference: the public predicate,
// today's tsquery for the words, each filter as a WHERE condition, the sort as ORDER BY, count(*)
// for the total and GROUP BY-style counts for each facet (every other filter applied). Random
// words (whole, prefixes, stop words, one letter), filters, sorts and pages, with random edits in
// between, asked of two app instances on one database: every answer must be the reference's.

const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 60);

const WORDS = ['blue', 'dream', 'dreams', 'kush', 'cookies', 'gelato', 'haze', 'wedding', 'cake', 'og'];
const TYPED = [...WORDS, 'dre', 'coo', 'cooki', 'wedd', 'ku', 'the', 'b', 'farms', 'ridge', 'gummies', 'zz'];
const STRAINS = ['Blue Dream', 'OG Kush', 'Gelato', null];
const COUNTIES = ['Humboldt', 'Mendocino', 'Trinity'] as const;
const TYPES = ['Flower - Indoor', 'Trim', 'Other', 'Edibles'];

let test: TestApp;
let second: FastifyInstance;
let sellers: UserRow[];
let n = 0;

/** Inserts a listing with random parts; roughly one in six is not public. */
async function insertRandom(rand: () => number): Promise<void> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const seller = pick(sellers);
  n += 1;
  const title = `${pick(WORDS)} ${pick(WORDS)} ${rand() < 0.3 ? 'Cookies' : 'lot'} ${n % 7}`;
  const makeOffer = rand() < 0.15;
  const price = makeOffer ? null : pick([150, 499.99, 500, 999.99, 1000, 1500, 2500, 4000, 9000]);
  await test.db.execute(sql`
    INSERT INTO listings (id, seller_id, title, description, product_type_id, category, strain, thc_content,
      cbd_content, zip_code, quantity_lbs, make_offer, asking_price, tested, is_active, seller_business_name,
      seller_verified, seller_county, created_at)
    SELECT ${uuidv7()}, ${seller.id}, ${title}, ${`${pick(WORDS)} description with gummies ${n}`},
      product_types.id, product_types.category, ${pick(STRAINS)}, ${rand() < 0.2 ? null : pick([10, 14.99, 15, 22, 30])},
      ${rand() < 0.5 ? null : pick([0, 1, 5])}, '95501', ${rand() < 0.1 ? 0 : pick([1, 5, 50])}, ${makeOffer},
      ${price}, ${rand() < 0.5}, ${rand() > 0.08}, ${seller.businessName}, true, ${seller.county},
      timestamptz '2025-01-01' + ${Math.floor(rand() * 40)} * interval '1 hour'
    FROM product_types WHERE name = ${pick(TYPES)}`);
}

/** A random change to one listing: price, title, quantity, archive, removal, or a new listing. */
async function editRandom(rand: () => number): Promise<void> {
  const kind = Math.floor(rand() * 6);
  if (kind === 5) return insertRandom(rand);
  const [row] = await test.db
    .select({ id: listings.id })
    .from(listings)
    .orderBy(sql`md5(${listings.id}::text || ${String(rand())})`)
    .limit(1);
  if (!row) return;
  const where = eq(listings.id, row.id);
  if (kind === 0)
    await test.db
      .update(listings)
      .set({ askingPrice: Math.round(rand() * 5000) })
      .where(where);
  if (kind === 1)
    await test.db
      .update(listings)
      .set({ title: `${WORDS[n % WORDS.length]} renamed` })
      .where(where);
  if (kind === 2)
    await test.db
      .update(listings)
      .set({ quantityLbs: rand() < 0.5 ? 0 : 3 })
      .where(where);
  if (kind === 3)
    await test.db
      .update(listings)
      .set({ isActive: rand() < 0.5 })
      .where(where);
  if (kind === 4) await test.db.delete(listings).where(where);
}

type Filter = 'category' | 'price' | 'thc' | 'cbd' | 'quantity' | 'tested' | 'county' | 'seller';

/** Each filter of the query as a plain SQL condition. */
function conditions(q: ProductListQuery): Map<Filter, SQL> {
  const found = new Map<Filter, SQL>();
  const range = (name: Filter, column: Column, min?: number, max?: number) => {
    const bounds = [min === undefined ? null : gte(column, min), max === undefined ? null : lte(column, max)];
    const condition = and(...bounds.filter((bound) => bound !== null));
    if (condition) found.set(name, condition);
  };
  if (q.category) found.set('category', eq(listings.category, q.category));
  range('price', listings.listedPrice, q.minPrice, q.maxPrice);
  range('thc', listings.thcContent, q.minThc, q.maxThc);
  range('cbd', listings.cbdContent, q.minCbd, q.maxCbd);
  range('quantity', listings.quantityLbs, q.minQuantity);
  if (q.tested) found.set('tested', eq(listings.tested, true));
  if (q.county) found.set('county', eq(listings.sellerCounty, q.county));
  if (q.sellerId) found.set('seller', eq(listings.sellerId, q.sellerId));
  return found;
}

const order = (sort: ProductListQuery['sort']) => {
  const name = sql`${listings.nameKey} COLLATE "C"`;
  if (sort === 'name_asc') return [asc(name), asc(listings.id)];
  if (sort === 'name_desc') return [desc(name), desc(listings.id)];
  if (sort === 'price_asc') return [sql`${listings.listedPrice} ASC NULLS LAST`, asc(listings.id)];
  if (sort === 'price_desc') return [sql`${listings.listedPrice} DESC NULLS LAST`, desc(listings.id)];
  if (sort === 'oldest') return [asc(listings.createdAt), asc(listings.id)];
  return [desc(listings.createdAt), desc(listings.id)];
};

/** What today's SQL answers: the page's ids, the total and each facet's counts. */
async function reference(q: ProductListQuery) {
  const terms = q.query ? searchTerms(q.query) : null;
  const words = terms ? [sql`${listings.search} @@ ${tsQuery(terms)}`] : [];
  const filters = conditions(q);
  const where = (leave?: Filter) =>
    and(
      PUBLIC_LISTING,
      ...words,
      ...[...filters].flatMap(([name, condition]) => (name === leave ? [] : [condition])),
    );
  const page = await test.db
    .select({ id: listings.id })
    .from(listings)
    .where(where())
    .orderBy(...order(q.sort))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const count = async (leave: Filter | undefined, condition: SQL) => {
    const [row] = await test.db
      .select({ n: sql<number>`count(*) FILTER (WHERE ${condition})`.mapWith(Number) })
      .from(listings)
      .where(where(leave));
    return row?.n ?? 0;
  };
  const banded = (leave: Filter, column: Column, bands: readonly FacetBand[]) =>
    Promise.all(
      bands.map(async ([min, max]) => ({
        min,
        max,
        count: await count(
          leave,
          max === null ? gte(column, min) : (and(gte(column, min), lte(column, max)) as SQL),
        ),
      })),
    );
  const facets: ProductFacetCountsDto = {
    category: await Promise.all(
      PRODUCT_CATEGORIES.map(async (value) => ({
        value,
        count: await count('category', eq(listings.category, value)),
      })),
    ),
    county: (
      await Promise.all(
        CALIFORNIA_COUNTIES.filter((county) => (COUNTIES as readonly string[]).includes(county)).map(
          async (value) => ({ value, count: await count('county', eq(listings.sellerCounty, value)) }),
        ),
      )
    ).filter((entry) => entry.count > 0),
    tested: await count('tested', eq(listings.tested, true)),
    price: await banded('price', listings.listedPrice, PRICE_FACET_BANDS),
    thc: await banded('thc', listings.thcContent, THC_FACET_BANDS),
  };
  return { ids: page.map((row) => row.id), total: await count(undefined, sql`true`), facets };
}

/** Each filter present in about one query in four, so that many queries still match something. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight = 1) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight });

const queryArbitrary = () =>
  fc.record({
    query: sometimes(
      fc.array(fc.constantFrom(...TYPED), { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
      3,
    ),
    category: sometimes(fc.constantFrom('flower', 'other', 'edible')),
    minPrice: sometimes(fc.constantFrom('0', '500', '1000', '1000.5')),
    maxPrice: sometimes(fc.constantFrom('499.99', '1500', '4000')),
    minThc: sometimes(fc.constantFrom('0', '15', '22')),
    maxThc: sometimes(fc.constantFrom('14.99', '25')),
    minCbd: sometimes(fc.constantFrom('0', '1')),
    minQuantity: sometimes(fc.constantFrom('1', '5')),
    tested: sometimes(fc.constant('true')),
    county: sometimes(fc.constantFrom(...COUNTIES)),
    seller: sometimes(fc.nat(2)),
    sort: fc.constantFrom(...PRODUCT_SORTS),
    page: fc.integer({ min: 1, max: 4 }),
    limit: fc.integer({ min: 1, max: 12 }),
  });

beforeAll(async () => {
  test = await createTestApp();
  sellers = await Promise.all(
    COUNTIES.map((county, i) =>
      insertUser(test.db, {
        role: 'seller',
        county,
        businessName: ['Emerald Ridge Farms', 'Kush Valley', 'Haze Co'][i],
      }),
    ),
  );
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < 160; i++) await insertRandom(rand);
  // A second instance on the same database, with an index of its own.
  second = await buildApp({ config: test.ctx.config, database: test.ctx.database, rateLimitScale: 1000 });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await test?.close();
});

async function ask(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const body = json<{
    data: { _id: string }[];
    pagination: { total: number };
    facets: ProductFacetCountsDto;
  }>(response);
  return { ids: body.data.map((product) => product._id), total: body.pagination.total, facets: body.facets };
}

describe('the catalog search index', () => {
  it('answers every search as the SQL reference does, on both instances, with edits in between', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(queryArbitrary(), fc.nat(), async (raw, editSeed) => {
        let seed = editSeed + 1;
        const rand = () => {
          seed = (seed * 1103515245 + 12345) % 2147483648;
          return seed / 2147483648;
        };
        if (rand() < 0.5) await editRandom(rand);
        const { seller, ...rest } = raw;
        const params = new URLSearchParams(
          Object.entries({
            ...rest,
            sellerId: seller === undefined ? undefined : sellers[seller]?.id,
          }).flatMap(([key, value]) =>
            value === undefined ? [] : [[key, String(value)] as [string, string]],
          ),
        );
        const url = `/api/products?${params}`;
        const q = productListQuery.parse(Object.fromEntries(params));
        const expected = await reference(q);
        if (expected.ids.length > 0) nonEmpty++;
        expect(await ask(test.app, url)).toEqual(expected);
        expect(await ask(second, url)).toEqual(expected);
      }),
      { numRuns: RUNS, seed: Number(process.env.FAST_CHECK_SEED ?? 252) },
    );
    // Most combinations of many filters match nothing; enough runs must show a page to compare.
    expect(nonEmpty).toBeGreaterThanOrEqual(RUNS / 4);
  });
});
