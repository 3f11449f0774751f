import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type SearchTerms, tsQuery } from '../search.ts';

// What the typed words ask for, in the index's terms. PostgreSQL itself turns them into the same
// tsquery today's SQL search uses (search.ts: English stems, the last word as a prefix of a stem or
// of an unstemmed word), and the index evaluates that tsquery's text over its own lexemes, which are
// the stored search vector's (decision 252). So stemming, stop words and the prefix rule are
// PostgreSQL's, never reimplemented. Only the query's text is asked for, no table is read; the
// answer depends on the words alone and is kept.

export type WordTree =
  | { kind: 'term'; lexeme: string; prefix: boolean }
  | { kind: 'and' | 'or'; parts: WordTree[] }
  /** An empty tsquery (only stop words): it matches nothing. */
  | { kind: 'none' }
  /** Phrase or negation, which today's words never produce: evaluated by the database instead. */
  | { kind: 'unsupported' };

const KEPT = 10_000;
const known = new Map<string, WordTree>();

/** The tree of the tsquery today's search builds for these words. */
export async function wordTree(db: Db, terms: SearchTerms): Promise<WordTree> {
  const key = `${terms.leading ?? ''}\u0000${terms.last}`;
  const hit = known.get(key);
  if (hit) return hit;
  const result = (await db.execute(sql`SELECT (${tsQuery(terms)})::text AS "query"`)) as unknown as {
    rows: { query: string }[];
  };
  const tree = parseTsQuery(result.rows[0]?.query ?? '');
  if (known.size >= KEPT) known.delete(known.keys().next().value as string);
  known.set(key, tree);
  return tree;
}

/**
 * Parses tsquery output text (`'blue' & ( 'dream':* | 'dream':* )`). & binds tighter than |, as
 * PostgreSQL writes them. Anything else (`<->`, `!`, weights) is 'unsupported'.
 */
export function parseTsQuery(text: string): WordTree {
  const tokens = text.match(/'(?:[^']|'')*'(?::[*A-D]+)?|&|\||\(|\)|<[^>]*>|!|\S+/g) ?? [];
  if (tokens.length === 0) return { kind: 'none' };
  let at = 0;
  let supported = true;
  const or = (): WordTree => {
    const parts = [and()];
    while (tokens[at] === '|') {
      at++;
      parts.push(and());
    }
    return parts.length === 1 ? (parts[0] as WordTree) : { kind: 'or', parts };
  };
  const and = (): WordTree => {
    const parts = [primary()];
    while (tokens[at] === '&') {
      at++;
      parts.push(primary());
    }
    return parts.length === 1 ? (parts[0] as WordTree) : { kind: 'and', parts };
  };
  const primary = (): WordTree => {
    const token = tokens[at++];
    if (token === '(') {
      const inner = or();
      if (tokens[at++] !== ')') supported = false;
      return inner;
    }
    const term = token ? /^'((?:[^']|'')*)'(?::([*A-D]+))?$/.exec(token) : null;
    if (!term) {
      supported = false;
      return { kind: 'none' };
    }
    const flags = term[2] ?? '';
    if (flags.replace('*', '') !== '') supported = false;
    return { kind: 'term', lexeme: (term[1] as string).replace(/''/g, "'"), prefix: flags.includes('*') };
  };
  const tree = or();
  return supported && at === tokens.length ? tree : { kind: 'unsupported' };
}
