import {
  dealAddresses,
  type dealContracts,
  type OrderDto,
  type OrderStatusInput,
  type RouteAnswer,
} from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, callForFile, routePath } from '@/lib/api-call.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { dealsKeys, type OrdersFilter } from './query-keys.ts';

// The order calls of the wire contract, typed by their contracts: a page of orders, one
// order, a status change, and the dashboard's counts.

/** A page of orders, with `totalValue`: the sum over every page the filter matches. */
export type OrdersPage = RouteAnswer<typeof dealContracts.orders>;

export const ordersQueryOptions = (filter: OrdersFilter) =>
  queryOptions({
    queryKey: dealsKeys.orders(filter),
    queryFn: ({ signal }) =>
      call(dealAddresses.orders, {
        query: { role: filter.role, page: filter.page, status: filter.status ?? undefined },
        signal,
      }),
    // The current page stays on screen while another tab or page loads.
    placeholderData: keepPreviousData,
  });

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: dealsKeys.order(id),
    queryFn: async ({ signal }) => (await call(dealAddresses.order, { params: { id }, signal })).data,
  });

export const dealsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: dealsKeys.summary(),
    queryFn: async ({ signal }) => (await call(dealAddresses.summary, { signal })).data,
  });

export async function changeOrderStatus(id: string, change: OrderStatusInput): Promise<OrderDto> {
  return (await call(dealAddresses.changeOrderStatus, { params: { id }, body: change })).data;
}

/** Order again (decision 245): the new offer, on the same lot or its replacement. */
export async function reorder(id: string) {
  return call(dealAddresses.reorder, { params: { id } });
}

export const orderConfirmationPath = (id: string) =>
  routePath(dealAddresses.confirmationPdf, { params: { id } });

/** Every order of the company, one row per order line, as CSV saved by the browser (decision 231). */
export async function downloadOrdersCsv(): Promise<void> {
  const blob = await callForFile(dealAddresses.ordersCsv);
  saveBlob(blob, `canopy-orders-${new Date().toISOString().slice(0, 10)}.csv`);
}
