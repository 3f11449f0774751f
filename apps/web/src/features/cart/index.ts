// The cart feature's public face (issue 25 item 0): the product page's "Add to cart" and the nav's
// count. The page is loaded by the router from routes/.
export { useCanUseCart, useCart } from './api/cart-count.ts';
export { AddToCart } from './components/add-to-cart.tsx';
