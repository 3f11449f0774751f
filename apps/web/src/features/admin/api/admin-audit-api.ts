import { ADMIN } from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys, type Pagination } from './admin-api.ts';

/** The state an audited action changed, e.g. `{ status: 'pending' }` or `{ isActive: true }`. */
export type AuditSnapshot = Record<string, unknown> | null;

/** One row of the append-only audit trail (decision 009). */
export interface AuditEntry {
  _id: string;
  admin: { _id: string; email: string };
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string;
  before: AuditSnapshot;
  after: AuditSnapshot;
  createdAt: string;
}

export const AUDIT_PAGE_SIZE = 25;

export const adminAuditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) =>
      apiRequest<{ data: AuditEntry[]; pagination: Pagination }>(
        `/admin/audit?page=${page}&limit=${AUDIT_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    meta: { errorToast: ADMIN.fetchFailed },
  });
