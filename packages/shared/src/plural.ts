import { groupDigits } from './common/units.ts';

/**
 * A count with its noun, in the right number: `countOf(1, 'user')` is "1 user",
 * `countOf(1200, 'user')` is "1,200 users". Nouns whose plural is not noun + "s" pass it.
 * Every count a person reads, in SPEC's texts here and on the web app's screens, goes through
 * this, so none says "1 attempts" (decision 132).
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${groupDigits(count)} ${count === 1 ? one : many}`;
}
