import { CART, type CartDto } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CartItem, cartKeys, cartOptions, itemsOf, saveCart } from './cart-api.ts';

/**
 * Saves the cart with one lot changed (`quantityLbs` null removes it), from the cart as the server
 * last answered; the answer replaces it in the cache. A refusal is the server's own words.
 */
export function useChangeCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ listingId, quantityLbs }: { listingId: string; quantityLbs: number | null }) => {
      const cart = await client.fetchQuery(cartOptions());
      const others = itemsOf(cart).filter((item) => item.listingId !== listingId);
      const items: CartItem[] = quantityLbs === null ? others : [...others, { listingId, quantityLbs }];
      // A lot already in the cart keeps its place: the server keeps rows it already has.
      return saveCart(items);
    },
    onSuccess: (cart) => client.setQueryData<CartDto>(cartKeys.all, cart),
    meta: { errorToast: CART.saveFailed },
  });
}
