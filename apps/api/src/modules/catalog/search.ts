import { type SQL, sql } from 'drizzle-orm';

// Turns what a person types into a PostgreSQL tsquery. Only letters and digits survive, so
// nothing typed can be read as tsquery syntax. Every word must match. Whole words match by their
// English stem ("gummy" finds "Gummies"); the last word also matches as a prefix, because people
// search while typing: as a prefix of a stem, or of the unstemmed words of the title, strain and
// business name ("wedd" finds "Wedding Cake" although its stem is "wed").

const WORD = /[\p{L}\p{N}]+/gu;
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;
/** A one-letter prefix would match most of the dictionary. */
const MIN_PREFIX_LENGTH = 2;

export interface SearchTerms {
  /** "w1 & w2" for to_tsquery, or null for a one-word search. */
  leading: string | null;
  /** The last word, with ":*" when long enough to be a prefix. */
  last: string;
}

export function searchTerms(input: string): SearchTerms | null {
  const words = (input.toLowerCase().match(WORD) ?? [])
    .map((word) => word.slice(0, MAX_TERM_LENGTH))
    .slice(0, MAX_TERMS);
  const last = words.pop();
  if (last === undefined) return null;
  return {
    leading: words.length > 0 ? words.join(' & ') : null,
    last: last.length >= MIN_PREFIX_LENGTH ? `${last}:*` : last,
  };
}

/** The tsquery for the stored search vector (see the listings schema). */
export function tsQuery(terms: SearchTerms): SQL {
  // When the stem begins the word ("kush" → kush, "cookies" → cooki), every word the unstemmed
  // prefix finds, the stem's prefix finds too. `'kush':* | 'kush':*` would make the index collect
  // every listing with a word starting "kush" twice (a prefix scan costs in proportion to its
  // matches: 35 ms, not 60, at 1M listings), so the stem's term is used alone. A stop word has no
  // stem (an empty query) and is looked for unstemmed. PostgreSQL works this out once per query.
  const english = sql`to_tsquery('english', ${terms.last})`;
  const simple = sql`to_tsquery('simple', ${terms.last})`;
  const stemBeginsWord = sql`numnode(${english}) = 1 AND numnode(${simple}) = 1
    AND starts_with(${simple}::text, rtrim(${english}::text, ''':*'))`;
  const last = sql`(CASE WHEN ${stemBeginsWord} THEN ${english} ELSE ${english} || ${simple} END)`;
  return terms.leading === null ? last : sql`(to_tsquery('english', ${terms.leading}) && ${last})`;
}
