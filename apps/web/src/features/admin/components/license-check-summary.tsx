import { LICENSE_FLAG_LABELS, type LicenseCheck } from '@canopy/shared';
import { Badge } from '@/components/ui/badge.tsx';

const MATCH_WORDS = { exact: 'exact', close: 'close', partial: 'partial', none: 'no' } as const;

/** One line on what the registry says, e.g. "Registry: Active · no name match (0.29)". */
export function licenseCheckSentence(check: LicenseCheck): string {
  if (check.registryStatus === null) return 'Registry: not found';
  const match = check.nameMatch
    ? ` · ${MATCH_WORDS[check.nameMatch.level]} name match (${check.nameMatch.score.toFixed(2)})`
    : '';
  return `Registry: ${check.registryStatus || 'no status'}${match}`;
}

/**
 * The license column of the user list (issue 10 item 1): "Clear" only when the license was found,
 * is active and current, the name matches and nobody else holds the number; otherwise each
 * problem by name, so the admin sees the verdict before any button.
 */
export function LicenseCheckSummary({ check }: { check: LicenseCheck | null }) {
  if (!check) return <span className="text-slate-600">—</span>;
  return (
    <span className="block space-y-1">
      <span className="flex flex-wrap gap-1">
        {check.clear ? (
          <Badge tone="success">Clear</Badge>
        ) : (
          check.flags.map((flag) => (
            <Badge key={flag} tone="danger">
              {LICENSE_FLAG_LABELS[flag]}
            </Badge>
          ))
        )}
      </span>
      <span className="block text-xs text-slate-600">{licenseCheckSentence(check)}</span>
    </span>
  );
}
