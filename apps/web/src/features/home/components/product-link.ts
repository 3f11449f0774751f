import { loginPath } from '@/lib/redirect.ts';

/** SPEC §2: a visitor's featured card goes through sign-in to the product; a signed-in user goes straight there. */
export function productLink(productId: string, signedIn: boolean): string {
  const productPath = `/products/${productId}`;
  return signedIn ? productPath : loginPath(productPath);
}
