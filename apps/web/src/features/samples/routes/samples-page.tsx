import { type DealParty, SAMPLE_STATUSES, SAMPLES, type SampleStatus } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/query-state.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { TabPanel, Tabs } from '@/components/ui/tabs.tsx';
import { failureText } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { useStatusPageAddress } from '@/lib/use-status-page-address.ts';
import { samplesQueryOptions } from '../api/samples-api.ts';
import { SampleRows } from '../components/sample-rows.tsx';
import { SAMPLE_STATUS_LABELS, SAMPLES_PAGE } from '../texts.ts';

type Tab = SampleStatus | 'all';
const TABS = [
  { id: 'all', label: SAMPLES_PAGE.all },
  ...SAMPLE_STATUSES.map((status) => ({ id: status, label: SAMPLE_STATUS_LABELS[status] })),
] as const satisfies readonly { id: Tab; label: string }[];
const TABS_ID = 'samples';

function SamplesList({ role }: { role: DealParty }) {
  const { status, page, go } = useStatusPageAddress(SAMPLE_STATUSES);
  const samples = useQuery(samplesQueryOptions({ role, status, page }));
  const tab: Tab = status ?? 'all';
  return (
    <>
      <Tabs
        idPrefix={TABS_ID}
        label={SAMPLES_PAGE.tabsLabel}
        tabs={TABS}
        selected={tab}
        onSelect={(next) => go({ status: next === 'all' ? null : next, page: 1 })}
      />
      <TabPanel idPrefix={TABS_ID} id={tab}>
        <QueryState
          query={samples}
          loading={SAMPLES_PAGE.loading}
          error={(error) => failureText(error, SAMPLES.fetchFailed)}
          isEmpty={(answer) => answer.data.length === 0}
          empty={
            <EmptyState
              title={status ? SAMPLES_PAGE.emptyStatus(SAMPLE_STATUS_LABELS[status]) : SAMPLES_PAGE.empty}
              description={role === 'seller' ? SAMPLES_PAGE.sellerHint : SAMPLES_PAGE.buyerHint}
              action={
                role === 'buyer' ? (
                  <ButtonLink to="/products">{SAMPLES_PAGE.browseProducts}</ButtonLink>
                ) : undefined
              }
            />
          }
        >
          {({ data, pagination }) => (
            <div className="space-y-4">
              <SampleRows samples={data} viewer={role} />
              <Pagination
                page={pagination.page}
                pages={pagination.pages}
                label={SAMPLES_PAGE.pagination}
                onPageChange={(next) => go({ status, page: next })}
              />
            </div>
          )}
        </QueryState>
      </TabPanel>
    </>
  );
}

/**
 * /samples: the requests a buyer made, or a seller was asked, by status. A company trades on one
 * side (decision 202), so the page shows that side; its tabs are the requests' statuses.
 */
export function SamplesPage() {
  const { user } = useAuth();
  const role: DealParty = user?.role === 'seller' ? 'seller' : 'buyer';
  return (
    <PageContainer>
      <PageHeader
        title={SAMPLES_PAGE.title}
        description={role === 'seller' ? SAMPLES_PAGE.sellerDescription : SAMPLES_PAGE.buyerDescription}
      />
      <SamplesList role={role} />
    </PageContainer>
  );
}
