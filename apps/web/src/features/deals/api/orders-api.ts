import type { DealsSummaryDto, OrderDto, OrderStatusInput, PaginationDto } from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { dealsKeys, type OrdersFilter } from './query-keys.ts';

// The order calls of the wire contract: a page of orders, one order, a status change,
// and the dashboard's counts.

export interface OrdersPage {
  data: OrderDto[];
  pagination: PaginationDto;
  /** Sum of the totals of every order the filter matches, on all pages. */
  totalValue: number;
}

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
      (await apiRequest<{ data: OrderDto }>(`/orders/${encodeURIComponent(id)}`, { signal })).data,
  });

export const dealsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: dealsKeys.summary(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: DealsSummaryDto }>('/deals/summary', { signal })).data,
  });

export async function changeOrderStatus(id: string, change: OrderStatusInput): Promise<OrderDto> {
  return (
    await apiRequest<{ data: OrderDto }>(`/orders/${encodeURIComponent(id)}/status`, {
      method: 'POST',
      body: change,
    })
  ).data;
}

export const orderConfirmationPath = (id: string) => `/orders/${encodeURIComponent(id)}/confirmation.pdf`;
