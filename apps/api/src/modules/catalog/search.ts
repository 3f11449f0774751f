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
  const last = sql`(to_tsquery('english', ${terms.last}) || to_tsquery('simple', ${terms.last}))`;
  return terms.leading === null ? last : sql`(to_tsquery('english', ${terms.leading}) && ${last})`;
}
