import { EmailAddress } from '@/components/email-address.tsx';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table.tsx';
import { formatPacificDate, formatPacificTime } from '@/lib/time.ts';
import type { AuditEntry } from '../api/admin-audit-api.ts';
import {
  auditActionWords,
  auditChange,
  auditListingsHidden,
  auditTargetWords,
  auditVerdictWords,
} from './audit-display.ts';

/**
 * An audit entry needs its full date: "Jun 5, 2025, 3:04 PM". Passing the moment itself as
 * "now" makes formatPacificTime give the time alone.
 */
function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="whitespace-nowrap">
      {formatPacificDate(at)}, {formatPacificTime(at, new Date(at))}
    </time>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  return (
    <>
      {/* wrap-anywhere: a long unbroken listing title must not widen the column past the table. */}
      <span className="block wrap-anywhere text-slate-900">{entry.targetLabel}</span>
      <span className="block text-xs text-slate-600">{auditTargetWords(entry.targetType)}</span>
    </>
  );
}

/** Why, in the actor's words, and what the approval rested on. */
function Why({ entry }: { entry: AuditEntry }) {
  const verdict = auditVerdictWords(entry);
  const hidden = auditListingsHidden(entry);
  return (
    <>
      {entry.reason ? (
        <q className="block break-words text-slate-900">{entry.reason}</q>
      ) : (
        <span className="block text-slate-600">No reason given</span>
      )}
      {verdict && <span className="mt-1 block text-xs text-slate-600">{verdict}</span>}
      {hidden && <span className="mt-1 block text-xs text-slate-600">{hidden}</span>}
    </>
  );
}

const COLUMNS: readonly ResponsiveColumn<AuditEntry>[] = [
  {
    header: 'When (Pacific)',
    cell: (entry) => <When at={entry.createdAt} />,
    className: 'text-slate-700',
  },
  {
    // Buyers and sellers make the deal moves; admins the rest; the system acts on its own.
    header: 'Actor',
    cell: (entry) => <EmailAddress address={entry.admin.email} />,
    className: 'text-slate-700',
  },
  {
    header: 'Action',
    cell: (entry) => auditActionWords(entry.action),
    className: 'whitespace-nowrap text-slate-900',
    card: false,
  },
  { header: 'Target', cell: (entry) => <Target entry={entry} /> },
  { header: 'Change', cell: auditChange, className: 'text-slate-900', card: false },
  { header: 'Reason', cell: (entry) => <Why entry={entry} /> },
];

interface AuditEntriesProps {
  entries: readonly AuditEntry[];
  caption: string;
}

/** A table from the md breakpoint up; cards on phones, where six columns cannot fit. */
export function AuditEntries({ entries, caption }: AuditEntriesProps) {
  return (
    <ResponsiveTable
      rows={entries}
      rowKey={(entry) => entry._id}
      caption={caption}
      columns={COLUMNS}
      tableFrom="md"
      cardHeader={(entry) => (
        <p className="font-medium text-slate-900">
          {auditActionWords(entry.action)}: {auditChange(entry)}
        </p>
      )}
    />
  );
}
