import { PRICE_TIERS, type PriceTier } from '@canopy/shared';

/**
 * The lot's volume tiers on its page (issue 25, decision 233): "From 10 lbs — $1,100.00/lb", one
 * line each, under the asking price. Nothing when the lot has none.
 */
export function PriceTiersList({ tiers, headingLevel }: { tiers: PriceTier[]; headingLevel: 'h3' | 'h5' }) {
  if (tiers.length === 0) return null;
  const Heading = headingLevel;
  return (
    <div className="mt-3 border-t border-brand-100 pt-3">
      <Heading id="volume-pricing" className="text-sm font-medium text-brand-900">
        {PRICE_TIERS.sectionTitle}
      </Heading>
      <ul aria-labelledby="volume-pricing" className="mt-1 space-y-0.5 text-sm font-medium text-slate-900">
        {tiers.map((tier) => (
          <li key={tier.fromLbs}>{PRICE_TIERS.tableRow(tier)}</li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-slate-600">{PRICE_TIERS.tableHint}</p>
    </div>
  );
}
