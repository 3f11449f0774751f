import type {
  dealsSummaryResponseSchema,
  OrderDto,
  OrderStatusInput,
  orderListResponseSchema,
  orderResponseSchema,
  orderStatusResponseSchema,
} from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { dealsKeys, type OrdersFilter } from './query-keys.ts';

// The order calls of the wire contract, typed by the shared response schemas: a page of
// orders, one order, a status change, and the dashboard's counts.

/** A page of orders, with `totalValue`: the sum over every page the filter matches. */
export type OrdersPage = z.output<typeof orderListResponseSchema>;

export const ordersQueryOptions = (filter: OrdersFilter) =>
  queryOptions({
    queryKey: dealsKeys.orders(filter),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ role: filter.role, page: String(filter.page) });
      if (filter.status) params.set('status', filter.status);
      return apiRequest<OrdersPage>(`/orders?${params}`, { signal });
    },
    // The current page stays on screen while another tab or page loads.
    placeholderData: keepPreviousData,
  });

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: dealsKeys.order(id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<z.output<typeof orderResponseSchema>>(`/orders/${encodeURIComponent(id)}`, {
          signal,
        })
      ).data,
  });

export const dealsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: dealsKeys.summary(),
    queryFn: async ({ signal }) =>
      (await apiRequest<z.output<typeof dealsSummaryResponseSchema>>('/deals/summary', { signal })).data,
  });

export async function changeOrderStatus(id: string, change: OrderStatusInput): Promise<OrderDto> {
  const path = `/orders/${encodeURIComponent(id)}/status`;
  return (
    await apiRequest<z.output<typeof orderStatusResponseSchema>>(path, { method: 'POST', body: change })
  ).data;
}

export const orderConfirmationPath = (id: string) => `/orders/${encodeURIComponent(id)}/confirmation.pdf`;
