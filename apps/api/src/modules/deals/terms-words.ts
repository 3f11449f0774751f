import { describeTerms, formatUsd, roundCents } from '@canopy/shared';

// How a deal's terms read in its notice and e-mail: one lot as SPEC's words ("12 lbs at $900.00/lb,
// total $10,800.00"), several lots (issue 25) each by name and then the offer's total.

interface Terms {
  quantityLbs: number;
  pricePerLb: number;
  total: number;
  /** Every line of an offer of several lots; the fields above describe line 1. */
  lines?: readonly { listingTitle: string; quantityLbs: number; pricePerLb: number; total: number }[];
}

export function describeDealTerms(terms: Terms): string {
  const lines = terms.lines ?? [];
  if (lines.length < 2) return describeTerms(terms);
  const total = roundCents(lines.reduce((sum, line) => sum + line.total, 0));
  const each = lines.map((line) => `"${line.listingTitle}": ${describeTerms(line)}`).join('; ');
  return `${each}; offer total ${formatUsd(total)}`;
}
