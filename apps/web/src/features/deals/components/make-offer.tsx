import {
  DEALS,
  type OfferDto,
  type PaymentTerms,
  type PriceTier,
  type ProductDto,
  type ProductViewDto,
  priceForQuantity,
  type UserDto,
} from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, ButtonLink, type ButtonSize } from '@/components/ui/button.tsx';
import { productQueryOptions } from '@/features/catalog';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { permissionsOf } from '@/lib/auth/use-permissions.ts';
import { openOfferOn } from '../api/offers-api.ts';
import { dealsKeys } from '../api/query-keys.ts';
import { useMakeOffer } from '../api/use-deal-actions.ts';
import { OFFER_FORM } from '../texts.ts';

// The form (with the schema library) loads only for a buyer who means to use it: when the pointer
// or the focus reaches the button, at the latest on the click, never with the page (decisions 116
// and 177), like the contact form beside it.
const loadDialog = () => import('./offer-form-dialog.tsx');
const OfferFormDialog = lazy(async () => ({ default: (await loadDialog()).OfferFormDialog }));

/** Offers are made by verified buyers only; everyone else is not shown the button at all. */
const mayOffer = (user: UserDto | null) =>
  user?.role === 'buyer' && user.status === 'verified' && permissionsOf(user).may('offers:buy');

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

/**
 * The asking price per pound, read back from the public product's price text ("$1,400.00 / lb
 * (negotiable)", SPEC §3); null for a lot that takes offers only.
 */
export function askingPricePerLb(product: Pick<ProductDto, 'priceRange'>): number | null {
  const match = /^\$([\d,]+(?:\.\d+)?) \/ lb/.exec(product.priceRange);
  return match?.[1] ? Number.parseFloat(match[1].replace(/,/g, '')) : null;
}

interface MakeOfferProps {
  listingId: string;
  listingTitle: string;
  sellerName: string;
  availableLbs: number | null;
  /** The lot's asking price per pound, when it has one: shown, and the form starts from it. */
  askingPrice?: number | null;
  /** The lot's volume tiers: the form starts from the price they give its quantity (decision 233). */
  priceTiers?: PriceTier[];
  /** The buyer's group price (issue 25 item 1): the form starts from it when it is the lower. */
  groupPrice?: number | null;
  /** The buyer's group's payment terms with this seller, which the offer takes unless changed. */
  groupTerms?: PaymentTerms | null;
  size?: ButtonSize;
  onMade?: (offer: OfferDto) => void;
}

/** The lower of two prices, either of which may be missing. */
const lowest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

function MakeOffer({
  listingId,
  listingTitle,
  sellerName,
  availableLbs,
  askingPrice = null,
  priceTiers = [],
  groupPrice = null,
  groupTerms = null,
  size,
  onMade,
}: MakeOfferProps) {
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
            askingPrice={askingPrice}
            priceTiers={priceTiers}
            groupPrice={groupPrice}
            defaults={{
              quantityLbs: availableLbs,
              pricePerLb: lowest(
                groupPrice,
                availableLbs === null
                  ? askingPrice
                  : (priceForQuantity(availableLbs, askingPrice, priceTiers)?.pricePerLb ?? askingPrice),
              ),
              deliverBy: null,
              note: null,
              ...(groupTerms ? { paymentTerms: groupTerms } : {}),
            }}
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
 * why they may not contact the seller). While the buyer's offer on this lot waits for an answer
 * the button leads to it instead, so a second offer is not made by mistake.
 */
export function ProductOfferButton({ product }: { product: ProductViewDto }) {
  const { user } = useAuth();
  const [sent, setSent] = useState(false);
  const allowed = mayOffer(user) && !isSoldOut(product);
  const openOffer = useQuery({
    queryKey: dealsKeys.openOffer(product._id),
    queryFn: ({ signal }) => openOfferOn(product._id, signal),
    enabled: allowed,
  });
  if (!allowed) return null;
  const conversation = `/messages?c=${encodeURIComponent(product.seller.sellerId)}`;
  return (
    <div className="space-y-3">
      {openOffer.data ? (
        <ButtonLink to={conversation} size="lg" variant="secondary">
          {OFFER_FORM.viewYourOffer}
        </ButtonLink>
      ) : (
        <MakeOffer
          size="lg"
          listingId={product._id}
          listingTitle={product.name}
          sellerName={product.seller.businessName}
          availableLbs={availableLbs(product)}
          askingPrice={askingPricePerLb(product)}
          priceTiers={product.priceTiers}
          groupPrice={product.yourPrice?.source === 'group' ? product.yourPrice.pricePerLb : null}
          groupTerms={product.yourGroup?.paymentTerms ?? null}
          onMade={() => setSent(true)}
        />
      )}
      {sent && (
        <Alert tone="success">
          {OFFER_FORM.sentNotice} <Link to={conversation}>{OFFER_FORM.viewInMessages}</Link>
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

/**
 * "Make an Offer" in a buyer's conversation with a seller, on the listing the thread is about. The
 * lot's public answer (cached with the offer cards that read it too) gives the form its asking
 * price, tiers and pounds left, as on the product page.
 */
export function ThreadOfferButton({ listingId, listingTitle, sellerName }: ThreadOfferButtonProps) {
  const { user } = useAuth();
  const allowed = mayOffer(user) && listingId !== null;
  const lot = useQuery({ ...productQueryOptions(listingId ?? ''), enabled: allowed }).data;
  if (!allowed || !listingId) return null;
  return (
    <MakeOffer
      size="sm"
      listingId={listingId}
      listingTitle={listingTitle}
      sellerName={sellerName}
      availableLbs={lot ? availableLbs(lot) : null}
      askingPrice={lot ? askingPricePerLb(lot) : null}
      priceTiers={lot?.priceTiers ?? []}
    />
  );
}
