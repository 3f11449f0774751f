import type { LicenseVerdict, NameMatchLevel } from '@canopy/shared';
import { Alert } from '@/components/ui/alert.tsx';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Detail, DetailList } from './detail-list.tsx';

type RegistryEntry = Extract<LicenseVerdict['registry'], { found: true }>;

// Registry dates are calendar days; read as UTC midnight and shown in UTC they keep their day,
// where Pacific time would move them to the evening before.
const calendarDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});
const formatCalendarDay = (day: string | null) =>
  day ? calendarDay.format(new Date(`${day}T00:00:00Z`)) : '';

/** Statuses under which the license must not trade; any other non-active status needs a look. */
const BLOCKING_STATUS = /^(expired|revoked|suspended|cancell?ed|surrendered|inactive)$/i;

function RegistryStatus({ entry }: { entry: RegistryEntry }) {
  const tone: BadgeTone = entry.active
    ? 'success'
    : BLOCKING_STATUS.test(entry.status.trim())
      ? 'danger'
      : 'warning';
  return <Badge tone={tone}>{entry.status || 'Unknown'}</Badge>;
}

function Expiry({ entry }: { entry: RegistryEntry }) {
  if (!entry.expiresOn) return <>No expiry date on record</>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {formatCalendarDay(entry.expiresOn)}
      {entry.expired && <Badge tone="danger">Expired</Badge>}
    </span>
  );
}

const MATCH: Record<NameMatchLevel, { label: string; tone: BadgeTone }> = {
  exact: { label: 'Exact match', tone: 'success' },
  close: { label: 'Close match', tone: 'success' },
  partial: { label: 'Partial match', tone: 'warning' },
  none: { label: 'No match', tone: 'danger' },
};

function NameMatch({ entry, businessName }: { entry: RegistryEntry; businessName: string }) {
  const { score, level, matchedOn } = entry.nameMatch;
  const { label, tone } = MATCH[level];
  const matchedName = matchedOn === 'dba' ? entry.dbaName : entry.legalName;
  return (
    <span className="block space-y-1">
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone={tone}>{label}</Badge>
        <span className="text-slate-700">score {score.toFixed(2)}</span>
      </span>
      <span className="block text-slate-700">
        “{businessName}” against the {matchedOn === 'dba' ? 'DBA' : 'legal'} name
        {matchedName ? ` “${matchedName}”` : ''}
      </span>
    </span>
  );
}

interface LicenseVerdictViewProps {
  verdict: LicenseVerdict;
  /** The business name the user registered, which the registry's names are compared with. */
  businessName: string;
}

/** What the state registry says about a user's license (decision 008), for the admin to judge. */
export function LicenseVerdictView({ verdict, businessName }: LicenseVerdictViewProps) {
  const { format, registry } = verdict;
  return (
    <div className="space-y-3">
      {format.warning && (
        <Alert tone="warning" title="Unrecognised license number format">
          {format.warning}
        </Alert>
      )}
      <DetailList>
        <Detail label="License number" value={verdict.licenseNumber} />
        <Detail label="Number format" value={format.recognised ? format.kind : 'Not recognised'} />
        <Detail
          label="Registry"
          value={
            registry.found ? (
              <Badge tone="success">Found</Badge>
            ) : (
              <span className="inline-flex flex-wrap items-center gap-2">
                <Badge tone="danger">Not found</Badge>
                <span className="text-slate-700">No registry entry has this license number.</span>
              </span>
            )
          }
        />
        {registry.found && (
          <>
            <Detail label="Status" value={<RegistryStatus entry={registry} />} />
            <Detail label="Type" value={registry.licenseType} />
            <Detail label="Expires" value={<Expiry entry={registry} />} />
            <Detail label="Issued" value={formatCalendarDay(registry.issuedOn)} />
            <Detail label="Legal name" value={registry.legalName} />
            <Detail label="DBA name" value={registry.dbaName} />
            <Detail label="County" value={registry.county} />
            <Detail label="Name match" value={<NameMatch entry={registry} businessName={businessName} />} />
          </>
        )}
      </DetailList>
    </div>
  );
}
