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
      <span className="block break-words text-slate-900">{entry.targetLabel}</span>
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

interface AuditEntriesProps {
  entries: readonly AuditEntry[];
  caption: string;
}

/** A table from the md breakpoint up; cards on phones, where five columns cannot fit. */
export function AuditEntries({ entries, caption }: AuditEntriesProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                When (Pacific)
              </th>
              <th scope="col" className="px-4 py-3">
                Admin
              </th>
              <th scope="col" className="px-4 py-3">
                Action
              </th>
              <th scope="col" className="px-4 py-3">
                Target
              </th>
              <th scope="col" className="px-4 py-3">
                Change
              </th>
              <th scope="col" className="px-4 py-3">
                Reason
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <tr key={entry._id} className="align-top">
                <td className="px-4 py-3 text-slate-700">
                  <When at={entry.createdAt} />
                </td>
                <td className="px-4 py-3 break-all text-slate-700">{entry.admin.email}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-900">
                  {auditActionWords(entry.action)}
                </td>
                <td className="px-4 py-3">
                  <Target entry={entry} />
                </td>
                <td className="px-4 py-3 text-slate-900">{auditChange(entry)}</td>
                <td className="px-4 py-3 text-sm">
                  <Why entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {entries.map((entry) => (
          <li key={entry._id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <p className="font-medium text-slate-900">
              {auditActionWords(entry.action)}: {auditChange(entry)}
            </p>
            <div className="mt-1">
              <Target entry={entry} />
            </div>
            <div className="mt-2">
              <Why entry={entry} />
            </div>
            <p className="mt-2 text-xs text-slate-600">
              <When at={entry.createdAt} /> by <span className="break-words">{entry.admin.email}</span>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
