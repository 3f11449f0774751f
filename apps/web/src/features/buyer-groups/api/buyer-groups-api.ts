import {
  type BuyerGroupInput,
  type BuyerGroupPricesInput,
  buyerGroupAddresses,
  type YourPriceDto,
} from '@canopy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '@/lib/api-call.ts';
import { useAuth } from '@/lib/auth/session-context.tsx';

// Buyer groups (issue 25 item 1): the seller's calls, and a buyer's own prices for the cards a
// page shows, typed by the routes' shared contracts.

export const buyerGroupKeys = {
  all: ['buyer-groups'] as const,
  buyers: (query: string) => [...buyerGroupKeys.all, 'buyers', query] as const,
  yourPrices: (ids: readonly string[]) => ['your-prices', ...ids] as const,
};

export const buyerGroupsQueryOptions = () =>
  queryOptions({
    queryKey: buyerGroupKeys.all,
    queryFn: async ({ signal }) => (await call(buyerGroupAddresses.list, { signal })).data,
  });

export const buyerLookupQueryOptions = (query: string) =>
  queryOptions({
    queryKey: buyerGroupKeys.buyers(query),
    queryFn: async ({ signal }) =>
      (await call(buyerGroupAddresses.buyers, { query: { query }, signal })).data,
    enabled: query.trim().length >= 2,
  });

export const createBuyerGroup = (body: BuyerGroupInput) => call(buyerGroupAddresses.create, { body });

export const updateBuyerGroup = ({ id, body }: { id: string; body: BuyerGroupInput }) =>
  call(buyerGroupAddresses.update, { params: { id }, body });

export const removeBuyerGroup = (id: string) => call(buyerGroupAddresses.remove, { params: { id } });

export const setBuyerGroupPrices = ({ id, body }: { id: string; body: BuyerGroupPricesInput }) =>
  call(buyerGroupAddresses.setPrices, { params: { id }, body });

/** The seller's lots private to the signed-in buyer's group (the storefront's own section). */
export function useYourPrivateLots(sellerId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['your-private-lots', sellerId] as const,
    queryFn: async ({ signal }) =>
      (await call(buyerGroupAddresses.yourPrivateLots, { query: { sellerId }, signal })).data,
    enabled: user?.role === 'buyer' && user.status === 'verified',
  });
}

/**
 * A signed-in buyer's own prices for these lots, by lot: the cards' "Your price". The catalog page
 * itself is shared and cached by the server, so this is its own small call (decision 242).
 */
export function useYourPrices(listingIds: readonly string[]): Map<string, YourPriceDto> {
  const { user } = useAuth();
  const ids = [...listingIds].sort();
  const prices = useQuery({
    queryKey: buyerGroupKeys.yourPrices(ids),
    queryFn: async ({ signal }) =>
      (await call(buyerGroupAddresses.yourPrices, { query: { listingIds: ids }, signal })).data,
    enabled: user?.role === 'buyer' && user.status === 'verified' && ids.length > 0,
    staleTime: 60_000,
  });
  // The same map while the answer is the same, so the cards that read it are not drawn again.
  return useMemo(
    () => new Map((prices.data ?? []).map(({ listingId, ...price }) => [listingId, price])),
    [prices.data],
  );
}
