import {
  DEALS,
  type DealParty,
  formatLbs,
  formatUsd,
  type OrderDto,
  PAYMENT_TERMS_LABELS,
  priceSourceText,
} from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { DocumentTitle, PageHeader } from '@/components/ui/page-header.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { FulfilmentSection } from '@/features/fulfilment';
import { PaymentsSection } from '@/features/invoices';
import { ApiError, failureText } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { openProtectedFile } from '@/lib/open-protected-file.ts';
import { formatPacificDate } from '@/lib/time.ts';
import { orderConfirmationPath, orderQueryOptions } from '../api/orders-api.ts';
import { DealLines } from '../components/deal-lines.tsx';
import { OrderStatusBadge } from '../components/offer-status-badge.tsx';
import { OrderActions } from '../components/order-actions.tsx';
import { OrderAgain } from '../components/order-again.tsx';
import { OrderTimeline } from '../components/order-timeline.tsx';
import { Term } from '../components/term.tsx';
import { ORDER_DETAIL } from '../texts.ts';

const BackLink = () => (
  <Link to="/orders" className="mb-4 inline-block text-sm">
    <span aria-hidden="true">← </span>
    {ORDER_DETAIL.back}
  </Link>
);

/** Which side the reader is on; an admin looking on is neither and has no moves. */
function sideOf(order: OrderDto, userId: string | undefined): DealParty | null {
  if (order.buyer._id === userId) return 'buyer';
  return order.seller._id === userId ? 'seller' : null;
}

function OrderDetails({ order, viewer }: { order: OrderDto; viewer: DealParty | null }) {
  // The single-lot fields describe line 1, whose price source acceptance recorded (decision 233).
  const [line] = order.lines;
  // An order of several lots (issue 25) lists every line and their sum instead.
  const several = order.lines.length > 1;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">{ORDER_DETAIL.terms}</h2>
          {several && <DealLines lines={order.lines} />}
          <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {!several && (
              <>
                <Term label={ORDER_DETAIL.product} className="col-span-2 sm:col-span-3">
                  {order.listingId ? (
                    <Link to={`/products/${order.listingId}`}>{order.listingTitle}</Link>
                  ) : (
                    order.listingTitle
                  )}
                </Term>
                <Term label={ORDER_DETAIL.quantity}>
                  {line?.sampleGrams
                    ? ORDER_DETAIL.sampleQuantity(line.sampleGrams, formatLbs(order.quantityLbs))
                    : formatLbs(order.quantityLbs)}
                </Term>
                <Term label={ORDER_DETAIL.price}>{formatUsd(order.pricePerLb)}</Term>
                {line && <Term label={ORDER_DETAIL.priceSource}>{priceSourceText(line)}</Term>}
                <Term label={ORDER_DETAIL.total}>{formatUsd(order.total)}</Term>
              </>
            )}
            <Term label={ORDER_DETAIL.paymentTerms}>{PAYMENT_TERMS_LABELS[order.paymentTerms]}</Term>
            <Term label={ORDER_DETAIL.dueDate}>
              {order.dueDate ? formatPacificDate(`${order.dueDate}T12:00:00Z`) : ORDER_DETAIL.dueOnDelivery}
            </Term>
            {order.deliverBy && (
              <Term label={ORDER_DETAIL.deliverBy}>{formatPacificDate(`${order.deliverBy}T12:00:00Z`)}</Term>
            )}
            <Term label={ORDER_DETAIL.buyer}>{order.buyer.businessName}</Term>
            <Term label={ORDER_DETAIL.seller}>{order.seller.businessName}</Term>
          </dl>
          {order.note && (
            <p className="mt-4 text-sm break-words whitespace-pre-wrap text-slate-700">{order.note}</p>
          )}
        </Card>
        <FulfilmentSection order={order} viewer={viewer} />
        {viewer && <OrderActions order={order} viewer={viewer} />}
        {viewer === 'buyer' && <OrderAgain order={order} />}
        <PaymentsSection orderId={order._id} viewer={viewer} />
        <Button
          variant="secondary"
          onClick={() =>
            void openProtectedFile(
              orderConfirmationPath(order._id),
              `${order.number}.pdf`,
              ORDER_DETAIL.confirmationFailed,
            )
          }
        >
          {ORDER_DETAIL.confirmation}
        </Button>
      </div>
      <section aria-labelledby="order-timeline">
        <h2 id="order-timeline" className="mb-4 text-base font-semibold text-slate-900">
          {ORDER_DETAIL.timeline}
        </h2>
        <OrderTimeline order={order} />
      </section>
    </div>
  );
}

/** /orders/:id: an order's terms, its timeline, the moves left on it and its PDF confirmation. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const order = useQuery(orderQueryOptions(id));

  if (order.isPending) return <PageSpinner label={ORDER_DETAIL.loading} />;
  // A failed refresh keeps the order on screen (the next live event or focus asks again): replacing
  // it would also close a dialog the reader has open on it.
  if (order.isError && order.data === undefined) {
    const notFound = order.error instanceof ApiError && order.error.code === 'order_not_found';
    const text = notFound ? DEALS.orderNotFound : failureText(order.error, DEALS.orderFetchFailed);
    return (
      <PageContainer>
        <DocumentTitle title={text} />
        <BackLink />
        {notFound ? (
          <EmptyState title={text} action={<ButtonLink to="/orders">{ORDER_DETAIL.back}</ButtonLink>} />
        ) : (
          <Alert tone="error" title={text}>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void order.refetch()}>
              {ORDER_DETAIL.retry}
            </Button>
          </Alert>
        )}
      </PageContainer>
    );
  }

  const viewer = sideOf(order.data, user?._id);
  return (
    <PageContainer>
      <BackLink />
      <PageHeader
        title={ORDER_DETAIL.title(order.data.number)}
        description={<OrderStatusBadge status={order.data.status} />}
      />
      <OrderDetails order={order.data} viewer={viewer} />
    </PageContainer>
  );
}
