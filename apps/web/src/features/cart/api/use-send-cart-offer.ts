import { CART, type CreateLinesOfferInput, DEALS } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dealsKeys } from '@/features/deals';
import { notify } from '@/lib/toast.ts';
import { cartKeys, sendCartOffer } from './cart-api.ts';

// The cart page's one call into deals, apart from the hooks "Add to cart" uses on the product page,
// so the deals feature does not ride along with the navigation's cart count (decision 257).

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
