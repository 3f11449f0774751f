import { CART } from '@canopy/shared';
import { NavLink } from 'react-router';
import { useCanUseCart, useCart } from '@/features/cart';

/** The nav's Cart link for buyers who may offer, with how many lots the cart holds. */
export function CartLink({ className }: { className: (state: { isActive: boolean }) => string }) {
  const allowed = useCanUseCart();
  const count = useCart().data?.itemCount ?? 0;
  if (!allowed) return null;
  return (
    // The name is the visible words and count, read as CART.navLabel says ("Cart: 3 lots").
    <NavLink to="/cart" className={className}>
      {CART.title}
      {count > 0 && (
        <>
          <span className="sr-only">: </span>
          <span className="ml-1.5 inline-block min-w-5 rounded-full bg-brand-800 px-1 text-center text-xs leading-5 font-semibold text-white">
            {count}
          </span>
          <span className="sr-only"> {count === 1 ? 'lot' : 'lots'}</span>
        </>
      )}
    </NavLink>
  );
}
