import { DEALS, type DealParty, formatUsd, ORDER_STATUSES, type OrderStatus } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { TabPanel, Tabs } from '@/components/ui/tabs.tsx';
import { failureText } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { notifyFailure } from '@/lib/toast.ts';
import { useStatusPageAddress } from '@/lib/use-status-page-address.ts';
import { downloadOrdersCsv, ordersQueryOptions } from '../api/orders-api.ts';
import { OrderRows } from '../components/order-rows.tsx';
import { ORDER_STATUS_LABELS, ORDERS_PAGE } from '../texts.ts';

type Tab = OrderStatus | 'all';
const TABS = [
  { id: 'all', label: ORDERS_PAGE.all },
  ...ORDER_STATUSES.map((status) => ({ id: status, label: ORDER_STATUS_LABELS[status] })),
] as const satisfies readonly { id: Tab; label: string }[];
const TABS_ID = 'orders';

function OrdersList({ role }: { role: DealParty }) {
  const { status, page, go } = useStatusPageAddress(ORDER_STATUSES);
  const orders = useQuery(ordersQueryOptions({ role, status, page }));
  const tab: Tab = status ?? 'all';

  const body = (
    <QueryState
      query={orders}
      loading={ORDERS_PAGE.loading}
      error={(error) => failureText(error, DEALS.ordersFetchFailed)}
      isEmpty={(page) => page.data.length === 0}
      empty={
        <EmptyState
          title={status ? ORDERS_PAGE.emptyStatus(ORDER_STATUS_LABELS[status]) : ORDERS_PAGE.empty}
          description={ORDERS_PAGE.emptyHint}
          action={
            role === 'buyer' ? (
              <ButtonLink to="/products">{ORDERS_PAGE.browseProducts}</ButtonLink>
            ) : undefined
          }
        />
      }
    >
      {({ data, pagination, totalValue }) => (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {ORDERS_PAGE.summary(pagination.total, formatUsd(totalValue))}
          </p>
          <OrderRows orders={data} viewer={role} />
          <Pagination
            page={pagination.page}
            pages={pagination.pages}
            label={ORDERS_PAGE.pagination}
            onPageChange={(next) => go({ status, page: next })}
          />
        </div>
      )}
    </QueryState>
  );

  return (
    <>
      <Tabs
        idPrefix={TABS_ID}
        label={ORDERS_PAGE.tabsLabel}
        tabs={TABS}
        selected={tab}
        onSelect={(next) => go({ status: next === 'all' ? null : next, page: 1 })}
      />
      <TabPanel idPrefix={TABS_ID} id={tab}>
        {body}
      </TabPanel>
    </>
  );
}

/** Issue 24 item 4: the company's orders, line by line, for its books. */
function ExportButton() {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv();
    } catch (error) {
      notifyFailure(error, ORDERS_PAGE.exportFailed);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="secondary" isLoading={exporting} onClick={() => void exportCsv()}>
      {ORDERS_PAGE.exportCsv}
    </Button>
  );
}

/** /orders: the signed-in buyer's purchases or seller's sales, newest first, by status. */
export function OrdersPage() {
  const { user } = useAuth();
  const role: DealParty = user?.role === 'seller' ? 'seller' : 'buyer';
  return (
    <PageContainer>
      <PageHeader
        title={ORDERS_PAGE.title}
        description={role === 'seller' ? ORDERS_PAGE.sellerDescription : ORDERS_PAGE.buyerDescription}
        actions={<ExportButton />}
      />
      <OrdersList role={role} />
    </PageContainer>
  );
}
