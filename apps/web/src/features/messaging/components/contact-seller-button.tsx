import { CONVERSATIONS, type UserDto } from '@canopy/shared';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import type { PublicProduct } from '@/lib/public-product.ts';
import { loginPath } from '@/lib/redirect.ts';
import { CONTACT_SELLER } from '../texts.ts';

// The form (with the form and schema libraries) loads only for a visitor who may use it, after
// the product page itself: it is most of what the page would otherwise wait for (decision 116).
const ContactSellerDialog = lazy(async () => ({
  default: (await import('./contact-seller-dialog.tsx')).ContactSellerDialog,
}));

/** SPEC §5: why this visitor may not contact the seller, or null when they may. */
function contactRefusal(user: UserDto | null): string | null {
  if (!user) return CONVERSATIONS.loginToContact;
  if (user.role !== 'buyer' || user.status !== 'verified') return CONVERSATIONS.buyersOnly;
  return null;
}

/**
 * The product page's "I'm Interested" button and its contact form. Only verified buyers may use
 * it; everyone else sees the button disabled with the reason beside it (and a sign-in link that
 * comes back to this product when signed out).
 */
export function ContactSellerButton({ product }: { product: PublicProduct }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const refusal = isLoading ? null : contactRefusal(user);
  const canContact = !isLoading && refusal === null;

  return (
    <div className="space-y-2">
      <Button
        size="lg"
        className="w-full sm:w-auto"
        disabled={!canContact}
        aria-describedby={refusal ? reasonId : undefined}
        onClick={() => setOpen(true)}
      >
        {CONTACT_SELLER.button}
      </Button>
      {refusal && (
        <p id={reasonId} className="text-sm text-slate-700">
          {refusal}
          {!user && (
            <>
              {' '}
              <Link to={loginPath(`${location.pathname}${location.search}`)}>{CONTACT_SELLER.signIn}</Link>
            </>
          )}
        </p>
      )}
      {canContact && (
        <Suspense fallback={null}>
          <ContactSellerDialog
            open={open}
            onClose={() => setOpen(false)}
            productId={product._id}
            productName={product.name}
            seller={product.seller}
          />
        </Suspense>
      )}
    </div>
  );
}
