// The built-in editor behind "AI Enhance" when no model endpoint is configured. It does what a
// careful human editor does to a hurried listing without inventing anything: tidies spacing and
// punctuation, spells units and trade abbreviations consistently, fixes capitalisation, and keeps
// the result within the field's limit. Every number, strain name and price stays as written.

export type EnhanceField = 'title' | 'description';

/** Trade terms written in capitals, whatever the seller typed. */
const ACRONYMS = [
  'THC',
  'THCA',
  'CBD',
  'CBG',
  'CBN',
  'COA',
  'OG',
  'B2B',
  'AAA',
  'CA',
  'LLC',
  'DCC',
  'METRC',
  'GMP',
  'UV',
  'CO2',
  'BHO',
  'PHO',
  'LED',
  'HPS',
];
const ACRONYM_BY_LOWER = new Map(ACRONYMS.map((word) => [word.toLowerCase(), word]));

/** Shorthand spelled out (case-insensitive, whole words). */
const ABBREVIATIONS: [RegExp, string][] = [
  [/\bw\/o\b/gi, 'without'],
  [/\bw\/(?=\s|$)/gi, 'with'],
  [/\bqty\b\.?/gi, 'quantity'],
  [/\bapprox\b\.?/gi, 'approximately'],
  [/\bavail\b\.?/gi, 'available'],
  [/\bmin\b\.?(?=\s+(?:order|purchase))/gi, 'minimum'],
  [/\bpls\b|\bplz\b/gi, 'please'],
  [/\bthru\b/gi, 'through'],
  [/\bgr8\b/gi, 'great'],
  [/\bhq\b/gi, 'high-quality'],
  [/\bdm\b(?=\s+(?:me|us|for))/gi, 'message'],
];

/** Units stay lower-case everywhere, titles included. */
const UNITS = new Set(['lb', 'lbs', 'oz', 'g', 'kg', 'mg', 'ml']);

/** Small words that stay lower-case inside a title. */
const TITLE_SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'per',
  'the',
  'to',
  'vs',
  'with',
]);

function tidySpacing(text: string): string {
  return (
    text
      .replace(/[\t\u00a0]+/g, ' ')
      .replace(/ *\r?\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .replace(/ {2,}/g, ' ')
      .replace(/ +([,.;:!?%])/g, '$1')
      .replace(/([,;:!?])(?=[A-Za-z])/g, '$1 ')
      // A sentence run into the next ("great.Dense", "thc.great"), but not a web address.
      .replace(/(?<=[A-Za-z%)])\.(?=[A-Za-z]{3,})(?!(?:com|org|net|gov|edu|io)\b)/g, '. ')
      .replace(/%(?=[A-Za-z])/g, '% ')
      .replace(/([!?.]){2,}/g, (run) => (run.startsWith('...') ? '...' : (run[0] ?? '')))
      .trim()
  );
}

function normaliseUnits(text: string): string {
  return (
    text
      // "10lbs", "10 LBS", "10 pounds" → "10 lbs"; exactly one pound is "1 lb".
      .replace(/(\d+(?:\.\d+)?)\s*(?:lbs?|pounds?|#)(?![a-z])/gi, (_m, amount: string) =>
        Number(amount) === 1 ? `${amount} lb` : `${amount} lbs`,
      )
      .replace(/(\d+(?:\.\d+)?)\s*(?:oz|ounces?)\b/gi, (_m, amount: string) => `${amount} oz`)
      .replace(/(\d+(?:\.\d+)?)\s*(?:g|grams?)\b/gi, (_m, amount: string) => `${amount} g`)
      .replace(/(\d+(?:\.\d+)?)\s*(?:kg|kilos?|kilograms?)\b/gi, (_m, amount: string) => `${amount} kg`)
      .replace(/(\d+(?:\.\d+)?)\s*(?:percent|pct)\b/gi, '$1%')
      .replace(/\$\s+(\d)/g, '$$$1')
  );
}

function expandAbbreviations(text: string): string {
  return ABBREVIATIONS.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

/** Mostly capitals: the seller had caps lock on, and the whole text is read as shouting. */
function isShouting(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, '');
  return letters.length >= 6 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.6;
}

/** Acronyms in capitals and units in lower case; shouted words back to lower case. */
function fixWordCase(text: string): string {
  // Judged sentence by sentence: "PRICE IS FIRM. Dense buds" shouts only in its first sentence.
  return text.replace(/[^.!?\n]+[.!?\n]*/g, fixSentenceCase);
}

function fixSentenceCase(sentence: string): string {
  const shouting = isShouting(sentence);
  return sentence.replace(/[A-Za-z][A-Za-z0-9]*/g, (word) => {
    const lower = word.toLowerCase();
    const acronym = ACRONYM_BY_LOWER.get(lower);
    if (acronym) return acronym;
    if (UNITS.has(lower)) return lower;
    const allCaps = word === word.toUpperCase() && /[A-Z]/.test(word);
    if (allCaps && (shouting || word.length >= 4)) return lower;
    return word;
  });
}

function titleCase(text: string): string {
  let first = true;
  return text.replace(/[A-Za-z][A-Za-z0-9'’-]*/g, (word) => {
    const isFirst = first;
    first = false;
    if (ACRONYM_BY_LOWER.has(word.toLowerCase()) || UNITS.has(word.toLowerCase())) return word;
    if (word !== word.toLowerCase() && word !== word.toUpperCase()) return word; // deliberate mixed case
    const lower = word.toLowerCase();
    if (!isFirst && TITLE_SMALL_WORDS.has(lower)) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  });
}

function sentenceCase(text: string): string {
  return text.replace(
    /(^|[.!?]\s+|\n+)([a-z])/g,
    (_m, boundary: string, letter: string) => boundary + letter.toUpperCase(),
  );
}

function stripSurroundingQuotes(text: string): string {
  const match = /^\s*["'](.*)["']\s*$/s.exec(text);
  return match ? (match[1] ?? '') : text;
}

/** Cuts at the last word (title) or sentence (description) boundary that fits. */
export function fitToLimit(text: string, limit: number, field: EnhanceField): string {
  if (text.length <= limit) return text;
  const slice = text.slice(0, limit);
  if (field === 'description') {
    const lastSentence = Math.max(slice.lastIndexOf('. '), slice.lastIndexOf('! '), slice.lastIndexOf('? '));
    if (lastSentence > limit * 0.5) return slice.slice(0, lastSentence + 1).trim();
  }
  const lastSpace = slice.lastIndexOf(' ');
  return (lastSpace > limit * 0.5 ? slice.slice(0, lastSpace) : slice).replace(/[\s,;:–-]+$/, '').trim();
}

export function ruleBasedEnhance(text: string, field: EnhanceField, limit: number): string {
  let result = tidySpacing(stripSurroundingQuotes(text));
  result = expandAbbreviations(result);
  result = normaliseUnits(result);
  result = fixWordCase(result);
  if (field === 'title') {
    result = titleCase(result.replace(/\s*\n+\s*/g, ' ')).replace(/[.]+$/, '');
  } else {
    result = sentenceCase(result);
    if (!/[.!?)]$/.test(result)) result += '.';
  }
  return fitToLimit(tidySpacing(result), limit, field);
}
