import { ADMIN, type AuditEntryDto as AuditEntry, adminAddresses } from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, callForFile } from '@/lib/api-call.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { adminKeys } from './admin-api.ts';

export type { AuditEntryDto as AuditEntry } from '@canopy/shared';

/** The state an audited action changed, e.g. `{ status: 'pending' }` or `{ isActive: true }`. */
export type AuditSnapshot = AuditEntry['before'];

export const AUDIT_PAGE_SIZE = 25;

/** The trail's filters (issue 10 item 7); dates are Pacific calendar days, YYYY-MM-DD. */
export interface AuditFilters {
  actor: string;
  target: string;
  action: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actor: '', target: '', action: '', from: '', to: '' };

/** The filters as the trail's query: each trimmed; an empty one is left out of the address. */
const auditQuery = (filters: AuditFilters) =>
  Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, value.trim()])) as AuditFilters;

export const adminAuditQueryOptions = (page: number, filters: AuditFilters = NO_AUDIT_FILTERS) =>
  queryOptions({
    queryKey: [...adminKeys.audit(page), filters],
    queryFn: ({ signal }) =>
      call(adminAddresses.audit, { query: { page, limit: AUDIT_PAGE_SIZE, ...auditQuery(filters) }, signal }),
    placeholderData: keepPreviousData,
    meta: { errorToast: ADMIN.fetchFailed },
  });

/** The filtered trail as a CSV file, saved by the browser (the call needs the bearer token). */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const blob = await callForFile(adminAddresses.auditExport, { query: auditQuery(filters) });
  saveBlob(blob, `canopy-audit-${new Date().toISOString().slice(0, 10)}.csv`);
}
