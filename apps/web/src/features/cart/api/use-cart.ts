import { CART, type CartDto, type CreateLinesOfferInput, DEALS } from '@canopy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dealsKeys } from '@/features/deals';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { permissionsOf } from '@/lib/auth/use-permissions.ts';
import { notify } from '@/lib/toast.ts';
import { type CartItem, cartKeys, cartOptions, itemsOf, saveCart, sendCartOffer } from './cart-api.ts';

/** The cart is for those who may offer: verified buyers whose role buys. Others see no cart at all. */
export function useCanUseCart(): boolean {
  const { user } = useAuth();
  return user?.role === 'buyer' && user.status === 'verified' && permissionsOf(user).may('offers:buy');
}

export function useCart() {
  const allowed = useCanUseCart();
  return useQuery({ ...cartOptions(), enabled: allowed });
}

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

/** Sends one seller's lines as one offer; the server takes those lots out of the cart. */
export function useSendCartOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input }: { input: CreateLinesOfferInput; sellerName: string }) => sendCartOffer(input),
    onSuccess: (_offer, { sellerName }) => {
      notify.success(CART.sent(sellerName));
      void client.invalidateQueries({ queryKey: dealsKeys.all });
      return client.invalidateQueries({ queryKey: cartKeys.all });
    },
    meta: { errorToast: DEALS.offerFailed },
  });
}
