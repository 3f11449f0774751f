import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { permissionsOf } from '@/lib/auth/use-permissions.ts';
import { cartOptions } from './cart-api.ts';

// What the navigation reads of the cart, kept apart from the cart's changes and offers, whose
// imports (the deals feature) must not ride in every page's first download (decision 257).

/** The cart is for those who may offer: verified buyers whose role buys. Others see no cart at all. */
export function useCanUseCart(): boolean {
  const { user } = useAuth();
  return user?.role === 'buyer' && user.status === 'verified' && permissionsOf(user).may('offers:buy');
}

export function useCart() {
  const allowed = useCanUseCart();
  return useQuery({ ...cartOptions(), enabled: allowed });
}
