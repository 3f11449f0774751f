import type { NameMatchLevel } from '@canopy/shared';

// How closely a registered business name matches the registry's legal or DBA name. Legal suffixes
// and punctuation are noise ("Green Leaf, LLC" is "green leaf"); what is left is compared as word
// sets (Dice coefficient), which tolerates reordering and one extra or missing word.

const NOISE_WORDS = new Set([
  'llc',
  'l',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'lp',
  'llp',
  'pc',
  'the',
  'and',
  'dba',
]);

export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((word) => word && !NOISE_WORDS.has(word));
}

export function nameSimilarity(a: string, b: string): number {
  const left = new Set(nameWords(a));
  const right = new Set(nameWords(b));
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return (2 * shared) / (left.size + right.size);
}

export function nameMatchLevel(score: number): NameMatchLevel {
  if (score === 1) return 'exact';
  if (score >= 0.75) return 'close';
  if (score >= 0.4) return 'partial';
  return 'none';
}
