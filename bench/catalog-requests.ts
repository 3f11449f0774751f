import { CALIFORNIA_COUNTIES, PRODUCT_CATEGORIES, PRODUCT_SORTS } from '@canopy/shared';
import type pg from 'pg';

// The catalog requests the benchmarks send (bench:load over HTTP, bench:search-index to the index
// alone): the same mixes, so the two sets of figures describe the same traffic.

export const any = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

/**
 * How many distinct words the searches draw from, commonest first. A short list measures the page
 * cache, not the search (issue 26): 12 words made the whole mix about 2,400 addresses, all cached.
 */
export const wordCount = Number(process.env.BENCH_WORDS ?? 600);
/** Zipf's exponent: the word of rank r is drawn with a weight of 1 / r^s. */
export const zipfExponent = Number(process.env.BENCH_ZIPF ?? 1);

/**
 * Every distinct word of the listings' titles and the sellers' business names, commonest first,
 * as buyers would type them: a few common words and a long tail.
 */
export async function titleWords(db: pg.ClientBase | pg.Pool, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ word: string }>(
    `SELECT word FROM (
       SELECT regexp_split_to_table(lower(l.title || ' ' || u.business_name), '[^a-z0-9]+') AS word
       FROM listings l JOIN users u ON u.id = l.seller_id
       WHERE l.is_active AND l.seller_verified
     ) w
     WHERE length(word) >= 2 GROUP BY word ORDER BY count(*) DESC, word LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.word);
}

/** Draws from a list ordered commonest first with Zipf weights (inverse transform on the running sum). */
function zipf<T>(list: readonly T[], exponent: number): () => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 1; rank <= list.length; rank++) {
    sum += 1 / rank ** exponent;
    cumulative.push(sum);
  }
  return () => {
    const target = Math.random() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return list[low] as T;
  };
}

let word: () => string = () => 'kush';

/** Draws the searches' words from these, commonest first, with Zipf weights. */
export function useWords(words: readonly string[], exponent: number): void {
  word = zipf(words, exponent);
}

/** Pages 1–20, half with a title word, half with a category, any of the 6 sorts (4 of SPEC, 2 by price). */
export function catalogMixPath(): string {
  const filter = Math.random() < 0.5 ? `query=${word()}` : `category=${any(PRODUCT_CATEGORIES)}`;
  return `/api/products?page=${1 + Math.floor(Math.random() * 20)}&limit=12&${filter}&sort=${any(PRODUCT_SORTS)}`;
}

/**
 * The facets of issue 15 as a buyer combines them: a price band, lab-tested, a category, any of the
 * 6 sorts, and now and then a county, a THC floor or a word; pages 1–5. Every answer carries the
 * facet counts beside each choice (decision 252), so each request counts them too.
 */
export function facetPath(): string {
  const low = 200 * Math.floor(Math.random() * 10);
  const params = [
    `page=${1 + Math.floor(Math.random() * 5)}`,
    'limit=12',
    `minPrice=${low}`,
    `maxPrice=${low + 400 + 200 * Math.floor(Math.random() * 5)}`,
    'tested=true',
    `category=${any(PRODUCT_CATEGORIES)}`,
    `sort=${any(PRODUCT_SORTS)}`,
  ];
  if (Math.random() < 0.3) params.push(`county=${encodeURIComponent(any(CALIFORNIA_COUNTIES))}`);
  if (Math.random() < 0.3) params.push(`minThc=${20 + Math.floor(Math.random() * 8)}`);
  if (Math.random() < 0.2) params.push(`query=${word()}`);
  return `/api/products?${params.join('&')}`;
}
