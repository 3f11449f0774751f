import { ADMIN, type AuditEntryDto as AuditEntry, type AuditResponse } from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '@/lib/api-client.ts';
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

export function auditSearch(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim()) params.set(name, value.trim());
  return params;
}

export const adminAuditQueryOptions = (page: number, filters: AuditFilters = NO_AUDIT_FILTERS) =>
  queryOptions({
    queryKey: [...adminKeys.audit(page), filters],
    queryFn: ({ signal }) =>
      apiRequest<AuditResponse>(
        `/admin/audit?page=${page}&limit=${AUDIT_PAGE_SIZE}&${auditSearch(filters)}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    meta: { errorToast: ADMIN.fetchFailed },
  });

/** The filtered trail as a CSV file, saved by the browser (the call needs the bearer token). */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const blob = await apiBlob(`/admin/audit/export?${auditSearch(filters)}`);
  const url = URL.createObjectURL(blob);
  const day = new Date().toISOString().slice(0, 10);
  const link = Object.assign(document.createElement('a'), { href: url, download: `canopy-audit-${day}.csv` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
