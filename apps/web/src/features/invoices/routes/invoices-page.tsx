import { type DealParty, INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { TabPanel, Tabs } from '@/components/ui/tabs.tsx';
import { failureText } from '@/lib/api-client.ts';
import { notifyFailure } from '@/lib/toast.ts';
import { useStatusPageAddress } from '@/lib/use-status-page-address.ts';
import { downloadInvoicesCsv, invoicesQueryOptions } from '../api/invoices-api.ts';
import { BuyerRecord } from '../components/buyer-record.tsx';
import { InvoiceRows } from '../components/invoice-rows.tsx';
import { InvoiceTotals } from '../components/invoice-totals.tsx';
import { INVOICES_PAGE } from '../texts.ts';

type Tab = InvoiceStatus | 'all';
const TABS = [
  { id: 'all', label: INVOICES_PAGE.all },
  ...INVOICE_STATUSES.map((status) => ({ id: status, label: INVOICE_STATUS_LABELS[status] })),
] as const satisfies readonly { id: Tab; label: string }[];
const TABS_ID = 'invoices';

function ExportButton({ side, status }: { side: DealParty; status: InvoiceStatus | null }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadInvoicesCsv(side, status);
    } catch (error) {
      notifyFailure(error, INVOICES_PAGE.exportFailed);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="secondary" isLoading={exporting} onClick={() => void exportCsv()}>
      {INVOICES_PAGE.exportCsv}
    </Button>
  );
}

function InvoicesList({ side }: { side: DealParty }) {
  const { status, page, go } = useStatusPageAddress(INVOICE_STATUSES);
  const invoices = useQuery(invoicesQueryOptions({ role: side, status, page }));
  const tab: Tab = status ?? 'all';

  return (
    <div className="space-y-6">
      {invoices.data && <InvoiceTotals totals={invoices.data.totals} />}
      {side === 'buyer' && invoices.data && (
        <BuyerRecord record={invoices.data.buyerRecord ?? null} title={INVOICES_PAGE.yourRecord} />
      )}
      <div className="flex justify-end">
        <ExportButton side={side} status={status} />
      </div>
      <Tabs
        idPrefix={TABS_ID}
        label={INVOICES_PAGE.tabsLabel}
        tabs={TABS}
        selected={tab}
        onSelect={(next) => go({ status: next === 'all' ? null : next, page: 1 })}
      />
      <TabPanel idPrefix={TABS_ID} id={tab}>
        <QueryState
          query={invoices}
          loading={INVOICES_PAGE.loading}
          error={(error) => failureText(error, INVOICES_PAGE.loadFailed)}
          isEmpty={(data) => data.data.length === 0}
          empty={
            <EmptyState
              title={status ? INVOICES_PAGE.emptyStatus(INVOICE_STATUS_LABELS[status]) : INVOICES_PAGE.empty}
              description={INVOICES_PAGE.emptyHint}
            />
          }
        >
          {({ data, pagination }) => (
            <div className="space-y-4">
              <InvoiceRows invoices={data} side={side} />
              <Pagination
                page={pagination.page}
                pages={pagination.pages}
                label={INVOICES_PAGE.pagination}
                onPageChange={(next) => go({ status, page: next })}
              />
            </div>
          )}
        </QueryState>
      </TabPanel>
    </div>
  );
}

function InvoicesPage({ side }: { side: DealParty }) {
  return (
    <PageContainer>
      <PageHeader title={INVOICES_PAGE.title(side)} description={INVOICES_PAGE.description(side)} />
      <InvoicesList side={side} />
    </PageContainer>
  );
}

/** /receivables: what the seller's buyers owe, by status, with totals and CSV export. */
export const ReceivablesPage = () => <InvoicesPage side="seller" />;

/** /payables: what the buyer owes, by status, with totals, their payment record and CSV export. */
export const PayablesPage = () => <InvoicesPage side="buyer" />;
