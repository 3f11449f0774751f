import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { adminAuditQueryOptions } from '../api/admin-audit-api.ts';
import { AuditEntries } from './audit-entries.tsx';

/** The admin audit trail (decision 009): read-only, newest first. */
export function AuditTab() {
  const [page, setPage] = useState(1);
  const audit = useQuery(adminAuditQueryOptions(page));

  return (
    <section aria-labelledby="admin-audit" className="space-y-4">
      <div>
        <h2 id="admin-audit" className="text-lg font-semibold text-slate-900">
          Audit Trail
        </h2>
        <p className="text-sm text-slate-600">
          Every status change and listing action taken by an admin, newest first. Entries cannot be changed.
        </p>
      </div>
      {audit.isPending ? (
        <Spinner label="Loading the audit trail" />
      ) : audit.isError ? (
        <Alert tone="error">
          <p>The audit trail could not be loaded.</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void audit.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : audit.data.data.length === 0 ? (
        <EmptyState title="No admin actions yet" />
      ) : (
        <div aria-busy={audit.isFetching} className={audit.isPlaceholderData ? 'opacity-60' : undefined}>
          <AuditEntries entries={audit.data.data} caption="Admin actions, newest first" />
          <Pagination
            page={page}
            pages={audit.data.pagination.pages}
            onPageChange={setPage}
            label="Audit trail pages"
          />
        </div>
      )}
    </section>
  );
}
