import { CART, formatLbs, MIN_QUANTITY_LBS, type ProductDto } from '@canopy/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { askingPricePerLb, availableLbs, isSoldOut } from '@/features/deals';
import { notify } from '@/lib/toast.ts';
import { useCanUseCart, useCart } from '../api/cart-count.ts';
import { useChangeCart } from '../api/use-cart.ts';

/** Pounds as typed: a positive number of at most two decimals, else null. */
function typedPounds(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$|^\.\d{1,2}$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= MIN_QUANTITY_LBS ? value : null;
}

/**
 * "Add to cart" on a product page (issue 25 item 0): pounds and the button, for a lot with an
 * asking price that a buyer who may offer can buy. Lots that take offers only are offered on alone.
 */
export function AddToCart({ product }: { product: ProductDto }) {
  const allowed = useCanUseCart();
  const cart = useCart();
  const change = useChangeCart();
  const inputId = useId();
  const inCart = cart.data?.sellers
    .flatMap((seller) => seller.items)
    .find((item) => item.listingId === product._id);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const available = availableLbs(product);
  if (!allowed || isSoldOut(product) || askingPricePerLb(product) === null) return null;

  const add = () => {
    const pounds = typedPounds(text);
    if (pounds === null) {
      setProblem('Enter the pounds to add, e.g. 5 or 2.5');
      return;
    }
    if (available !== null && pounds > available) {
      setProblem(CART.notEnough(product.name, formatLbs(available)));
      return;
    }
    setProblem(null);
    change.mutate(
      { listingId: product._id, quantityLbs: pounds },
      { onSuccess: () => notify.success(CART.added) },
    );
  };

  const errorId = `${inputId}-error`;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
      noValidate
    >
      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          Pounds for your cart
        </label>
        <Input
          id={inputId}
          inputMode="decimal"
          className="w-32"
          value={text}
          placeholder={inCart ? String(inCart.quantityLbs) : '1'}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
      </div>
      <Button type="submit" size="lg" variant="secondary" disabled={change.isPending}>
        {CART.addToCart}
      </Button>
      <p id={errorId} role="alert" className="w-full text-sm text-red-700 empty:hidden">
        {problem}
      </p>
      {inCart && (
        <p className="w-full text-sm text-slate-700">
          In your cart: {formatLbs(inCart.quantityLbs)}. <Link to="/cart">View cart</Link>
        </p>
      )}
    </form>
  );
}
