import { CONVERSATIONS, type UserDto } from '@canopy/shared';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { permissionsOf } from '@/lib/auth/use-permissions.ts';
import type { PublicProduct } from '@/lib/public-product.ts';
import { loginPath } from '@/lib/redirect.ts';
import { CONTACT_SELLER } from '../texts.ts';

// The form brings the form and schema libraries, most of what the product page would otherwise
// wait for (decision 116). It loads when a visitor who may use it points at or focuses the button,
// and at the latest on the click, so the page itself never fetches it (decision 177).
const loadDialog = () => import('./contact-seller-dialog.tsx');
const ContactSellerDialog = lazy(async () => ({ default: (await loadDialog()).ContactSellerDialog }));

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
  // From the first click on the form stays mounted and is only closed and reopened, as it was when
  // it came with the page: its fields live on between openings the same way.
  const [opened, setOpened] = useState(false);
  const reasonId = useId();
  const refusal = isLoading ? null : contactRefusal(user);
  const canContact = !isLoading && refusal === null;
  // A member whose role may not send messages is not offered the form at all (issue 28).
  if (user && !permissionsOf(user).may('messages:write')) return null;

  return (
    <div className="space-y-2">
      <Button
        size="lg"
        className="w-full sm:w-auto"
        disabled={!canContact}
        aria-describedby={refusal ? reasonId : undefined}
        onPointerEnter={canContact ? () => void loadDialog() : undefined}
        onFocus={canContact ? () => void loadDialog() : undefined}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
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
      {canContact && opened && (
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
