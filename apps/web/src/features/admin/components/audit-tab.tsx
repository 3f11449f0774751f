import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Select } from '@/components/ui/select.tsx';
import { notifyFailure } from '@/lib/toast.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import {
  type AuditFilters,
  adminAuditQueryOptions,
  downloadAuditCsv,
  NO_AUDIT_FILTERS,
} from '../api/admin-audit-api.ts';
import { AUDIT_ACTION_OPTIONS } from './audit-display.ts';
import { AuditEntries } from './audit-entries.tsx';

const EXPORT_FAILED = 'Failed to export the audit trail';

/** The admin audit trail (decisions 009 and 083): read-only, newest first, filterable, exportable. */
export function AuditTab() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [exporting, setExporting] = useState(false);
  // Typing in the text filters waits for a pause; the choices apply at once.
  const actor = useDebouncedValue(filters.actor.trim());
  const target = useDebouncedValue(filters.target.trim());
  const applied = { ...filters, actor, target };
  const audit = useQuery(adminAuditQueryOptions(page, applied));

  const setFilter = (name: keyof AuditFilters) => (value: string) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(applied);
    } catch (error) {
      notifyFailure(error, EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="admin-audit" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="admin-audit" className="text-lg font-semibold text-slate-900">
            Audit Trail
          </h2>
          <p className="text-sm text-slate-600">
            Every status change, profile change decision, listing action and deal move, with its reason,
            newest first. Entries cannot be changed.
          </p>
        </div>
        <Button variant="secondary" isLoading={exporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <FormField id="audit-actor" label="Actor">
          {(a11y) => (
            <Input
              type="search"
              placeholder="E-mail of whoever acted"
              value={filters.actor}
              onChange={(event) => setFilter('actor')(event.target.value)}
              {...a11y}
            />
          )}
        </FormField>
        <FormField id="audit-target" label="Target">
          {(a11y) => (
            <Input
              type="search"
              placeholder="E-mail, listing title or id"
              value={filters.target}
              onChange={(event) => setFilter('target')(event.target.value)}
              {...a11y}
            />
          )}
        </FormField>
        <FormField id="audit-action" label="Action">
          {(a11y) => (
            <Select
              options={AUDIT_ACTION_OPTIONS}
              placeholder="All actions"
              value={filters.action}
              onChange={(event) => setFilter('action')(event.target.value)}
              {...a11y}
            />
          )}
        </FormField>
        <FormField id="audit-from" label="From (Pacific)">
          {(a11y) => (
            <Input
              type="date"
              value={filters.from}
              onChange={(event) => setFilter('from')(event.target.value)}
              {...a11y}
            />
          )}
        </FormField>
        <FormField id="audit-to" label="To (Pacific)">
          {(a11y) => (
            <Input
              type="date"
              value={filters.to}
              onChange={(event) => setFilter('to')(event.target.value)}
              {...a11y}
            />
          )}
        </FormField>
      </div>
      <QueryState
        query={audit}
        loading="Loading the audit trail"
        error="The audit trail could not be loaded."
        isEmpty={({ data }) => data.length === 0}
        empty={
          <EmptyState
            title={
              Object.values(applied).some(Boolean)
                ? 'No admin actions match these filters'
                : 'No admin actions yet'
            }
          />
        }
      >
        {({ data, pagination }) => (
          <>
            <AuditEntries entries={data} caption="Admin actions, newest first" />
            <Pagination
              page={page}
              pages={pagination.pages}
              onPageChange={setPage}
              label="Audit trail pages"
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
