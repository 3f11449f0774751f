import { type CartDto, type CreateLinesOfferInput, cartAddresses, dealAddresses } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';

// The cart's calls (issue 25 item 0). One key for the page and the nav's count, so a save answers
// both at once; the offer a cart sends is POST /offers with lines.

export const cartKeys = { all: ['cart'] as const };

export const cartOptions = () =>
  queryOptions({
    queryKey: cartKeys.all,
    queryFn: async ({ signal }): Promise<CartDto> => (await call(cartAddresses.cart, { signal })).data,
  });

export type CartItem = { listingId: string; quantityLbs: number };

/** PUT replaces the whole cart: the caller sends every lot it should hold. */
export const saveCart = async (items: CartItem[]): Promise<CartDto> =>
  (await call(cartAddresses.saveCart, { body: { items } })).data;

/** Every lot of the cart, as PUT takes them. */
export const itemsOf = (cart: CartDto): CartItem[] =>
  cart.sellers.flatMap((seller) =>
    seller.items.map(({ listingId, quantityLbs }) => ({ listingId, quantityLbs })),
  );

export const sendCartOffer = async (input: CreateLinesOfferInput) =>
  (await call(dealAddresses.makeOffer, { body: input })).data;
