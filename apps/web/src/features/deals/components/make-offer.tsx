import { DEALS, type OfferDto, type ProductDto, type UserDto } from '@canopy/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, type ButtonSize } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { useMakeOffer } from '../api/use-deal-actions.ts';
import { OFFER_FORM } from '../texts.ts';

// The form (with the schema library) loads only for a buyer who means to use it: when the pointer
// or the focus reaches the button, at the latest on the click, never with the page (decisions 116
// and 177), like the contact form beside it.
const loadDialog = () => import('./offer-form-dialog.tsx');
const OfferFormDialog = lazy(async () => ({ default: (await loadDialog()).OfferFormDialog }));

/** Offers are made by verified buyers only; everyone else is not shown the button at all. */
const mayOffer = (user: UserDto | null) => user?.role === 'buyer' && user.status === 'verified';

/** The API says "Sold out" instead of a quantity once accepted orders took the whole lot. */
export const isSoldOut = (product: Pick<ProductDto, 'availableQuantity'>) =>
  product.availableQuantity === DEALS.soldOut;

/**
 * The public product states its quantity in words ("1,250.5 lbs", SPEC §3); the form only needs
 * the number, to stop an offer above it before the server does.
 */
export function availableLbs(product: Pick<ProductDto, 'availableQuantity'>): number | null {
  if (isSoldOut(product)) return 0;
  const value = Number.parseFloat(product.availableQuantity.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

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
  // From the first click on the form stays mounted and is only closed and reopened, as it was when
  // it came with the page: its fields live on between openings the same way.
  const [opened, setOpened] = useState(false);
  const make = useMakeOffer();
  const preload = () => void loadDialog();
  return (
    <>
      <Button
        size={size}
        variant="secondary"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {OFFER_FORM.makeOffer}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <OfferFormDialog
            open={open}
            onClose={() => setOpen(false)}
            title={OFFER_FORM.dialogTitle(sellerName)}
            listingTitle={listingTitle}
            availableLbs={availableLbs}
            submitLabel={OFFER_FORM.send}
            onSubmit={async (terms) => {
              // Not `onMade?.(await …)`: without onMade that skips the whole call, the offer included.
              const offer = await make.mutateAsync({ listingId, ...terms });
              onMade?.(offer);
            }}
          />
        </Suspense>
      )}
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
  if (isSoldOut(product)) return null;
  const available = availableLbs(product);
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
