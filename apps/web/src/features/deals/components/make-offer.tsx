import type { OfferDto, ProductDto, UserDto } from '@canopy/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, type ButtonSize } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { useMakeOffer } from '../api/use-deal-actions.ts';
import { OFFER_FORM } from '../texts.ts';
import { OfferFormDialog } from './offer-form-dialog.tsx';

/** Offers are made by verified buyers only; everyone else is not shown the button at all. */
const mayOffer = (user: UserDto | null) => user?.role === 'buyer' && user.status === 'verified';

/**
 * The public product says its quantity in words ("1,250.5 lbs"); the form only needs the number,
 * to stop an offer above it before the server does.
 */
export function availableLbs(product: Pick<ProductDto, 'availableQuantity'>): number | null {
  const value = Number(product.availableQuantity.replace(/[^\d.]/g, ''));
  return Number.isFinite(value) ? value : null;
}

/** A lot at zero pounds is sold out until the seller adds quantity. */
export const isSoldOut = (product: Pick<ProductDto, 'availableQuantity'>) => availableLbs(product) === 0;

interface MakeOfferProps {
  listingId: string;
  listingTitle: string;
  sellerName: string;
  availableLbs: number | null;
  size?: ButtonSize;
  onMade?: (offer: OfferDto) => void;
}

function MakeOffer({ listingId, listingTitle, sellerName, availableLbs, size, onMade }: MakeOfferProps) {
  const [open, setOpen] = useState(false);
  const make = useMakeOffer();
  return (
    <>
      <Button size={size} variant="secondary" onClick={() => setOpen(true)}>
        {OFFER_FORM.makeOffer}
      </Button>
      <OfferFormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={OFFER_FORM.dialogTitle(sellerName)}
        listingTitle={listingTitle}
        availableLbs={availableLbs}
        submitLabel={OFFER_FORM.send}
        onSubmit={async (terms) => onMade?.(await make.mutateAsync({ listingId, ...terms }))}
      />
    </>
  );
}

/**
 * The product page's "Make an Offer", beside "I'm Interested" (which already tells everyone else
 * why they may not contact the seller). Once sent, the offer waits in the conversation.
 */
export function ProductOfferButton({ product }: { product: ProductDto }) {
  const { user } = useAuth();
  const [sent, setSent] = useState(false);
  if (!mayOffer(user)) return null;
  const available = availableLbs(product);
  if (available === 0) return null;
  return (
    <div className="space-y-3">
      <MakeOffer
        size="lg"
        listingId={product._id}
        listingTitle={product.name}
        sellerName={product.seller.businessName}
        availableLbs={available}
        onMade={() => setSent(true)}
      />
      {sent && (
        <Alert tone="success">
          {OFFER_FORM.sentNotice}{' '}
          <Link to={`/messages?c=${encodeURIComponent(product.seller.sellerId)}`}>
            {OFFER_FORM.viewInMessages}
          </Link>
        </Alert>
      )}
    </div>
  );
}

interface ThreadOfferButtonProps {
  listingId: string | null;
  listingTitle: string;
  sellerName: string;
}

/** "Make an Offer" in a buyer's conversation with a seller, on the listing the thread is about. */
export function ThreadOfferButton({ listingId, listingTitle, sellerName }: ThreadOfferButtonProps) {
  const { user } = useAuth();
  if (!mayOffer(user) || !listingId) return null;
  return (
    <MakeOffer
      size="sm"
      listingId={listingId}
      listingTitle={listingTitle}
      sellerName={sellerName}
      availableLbs={null}
    />
  );
}
