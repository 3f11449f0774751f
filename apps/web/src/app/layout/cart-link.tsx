import { CART } from '@canopy/shared';
import { NavLink } from 'react-router';
import { useCanUseCart, useCart } from '@/features/cart';

/** The nav's Cart link for buyers who may offer, with how many lots the cart holds. */
export function CartLink({ className }: { className: (state: { isActive: boolean }) => string }) {
  const allowed = useCanUseCart();
  const count = useCart().data?.itemCount ?? 0;
  if (!allowed) return null;
  return (
    <NavLink to="/cart" className={className} aria-label={CART.navLabel(count)}>
      {CART.title}
      {count > 0 && (
        <span
          aria-hidden="true"
          className="ml-1.5 inline-block min-w-5 rounded-full bg-brand-800 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {count}
        </span>
      )}
    </NavLink>
  );
}
