import { SAVED_SEARCHES, type SavedSearchDto } from '@canopy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { ResponsiveTable } from '@/components/responsive-table.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { failureText } from '@/lib/api-client.ts';
import { formatPacificDate } from '@/lib/time.ts';
import { notify } from '@/lib/toast.ts';
import {
  deleteSavedSearch,
  savedSearchesQueryOptions,
  savedSearchHref,
  savedSearchKeys,
} from '../api/saved-searches-api.ts';
import { SAVED_SEARCHES_PAGE as TEXT } from '../texts.ts';

/** /saved-searches: a person's saved searches, to run or delete. */
export function SavedSearchesPage() {
  const searches = useQuery(savedSearchesQueryOptions());
  const [deleting, setDeleting] = useState<SavedSearchDto | null>(null);

  return (
    <PageContainer>
      <PageHeader title={TEXT.title} description={TEXT.description} />
      <QueryState
        query={searches}
        loading={TEXT.loading}
        error={(error) => failureText(error, SAVED_SEARCHES.fetchFailed)}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyState
            title={TEXT.emptyTitle}
            description={TEXT.emptyHint}
            action={<ButtonLink to="/products">{TEXT.browse}</ButtonLink>}
          />
        }
      >
        {(rows) => (
          <ResponsiveTable
            rows={rows}
            rowKey={(row) => row._id}
            caption={TEXT.caption}
            tableFrom="md"
            cardHeader={(row) => <p className="font-semibold text-slate-900">{row.name}</p>}
            columns={[
              {
                header: TEXT.name,
                cell: (row) => <span className="font-medium text-slate-900">{row.name}</span>,
                card: false,
              },
              { header: TEXT.filters, cell: (row) => <span className="text-slate-700">{row.summary}</span> },
              {
                header: TEXT.lastAlert,
                cell: (row) => (row.lastAlertedAt ? formatPacificDate(row.lastAlertedAt) : TEXT.never),
                className: 'whitespace-nowrap',
              },
            ]}
            actions={(row) => (
              <div className="flex flex-wrap justify-end gap-2">
                <ButtonLink
                  to={savedSearchHref(row)}
                  variant="secondary"
                  size="sm"
                  aria-label={TEXT.runLabel(row.name)}
                >
                  {TEXT.run}
                </ButtonLink>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={TEXT.deleteLabel(row.name)}
                  onClick={() => setDeleting(row)}
                >
                  {TEXT.delete}
                </Button>
              </div>
            )}
          />
        )}
      </QueryState>
      {deleting && <ConfirmDelete search={deleting} onClose={() => setDeleting(null)} />}
    </PageContainer>
  );
}

/** Deleting stops the alerts for good, so it is confirmed first. */
function ConfirmDelete({ search, onClose }: { search: SavedSearchDto; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteSavedSearch(search._id),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
      notify.success(answer.message);
      onClose();
    },
  });
  const problem = remove.error ? failureText(remove.error, SAVED_SEARCHES.deleteFailed) : null;

  return (
    <Dialog
      open
      onClose={onClose}
      title={TEXT.confirmTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {TEXT.cancel}
          </Button>
          <Button variant="danger" isLoading={remove.isPending} onClick={() => remove.mutate()}>
            {TEXT.confirm}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{TEXT.confirmBody(search.name)}</p>
      {problem && (
        <Alert tone="error" className="mt-4">
          {problem}
        </Alert>
      )}
    </Dialog>
  );
}
