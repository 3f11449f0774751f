import type { DealParty, OrderStatus } from '@canopy/shared';

// Every deals query key starts with "deals", so one invalidation after a live event or a move
// refreshes orders, the open order and the dashboard counts together.

export interface OrdersFilter {
  role: DealParty;
  status: OrderStatus | null;
  page: number;
}

export const dealsKeys = {
  all: ['deals'] as const,
  summary: () => [...dealsKeys.all, 'summary'] as const,
  orders: (filter: OrdersFilter) => [...dealsKeys.all, 'orders', filter] as const,
  order: (id: string) => [...dealsKeys.all, 'order', id] as const,
  openOffer: (listingId: string) => [...dealsKeys.all, 'open-offer', listingId] as const,
};
