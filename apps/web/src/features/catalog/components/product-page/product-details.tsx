import { BUYER_GROUPS, DEALS, PRODUCTS, type YourPriceDto } from '@canopy/shared';
import { Badge } from '@/components/ui/badge.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { AddToCart } from '@/features/cart';
import { isSoldOut, ProductOfferButton } from '@/features/deals';
import { ContactSellerButton } from '@/features/messaging';
import { RequestSampleButton } from '@/features/samples';
import { WatchButton } from '@/features/watchlist';
import { categoryLabel, type PublicProduct } from '@/lib/public-product.ts';
import { formatPacificDate } from '@/lib/time.ts';
import { MediaGallery } from './media-gallery.tsx';
import { PriceTiersList } from './price-tiers-list.tsx';
import { ProductMetadata } from './product-metadata.tsx';
import { SellerInformation } from './seller-information.tsx';
import { StateRecordFacts } from './state-record-facts.tsx';

const percent = (value: number | null) => (value === null ? 'Not stated' : `${value}%`);

interface ProductDetailsProps {
  /** With the signed-in buyer's own price when their buyer group has one (decision 242). */
  product: PublicProduct & { yourPrice?: YourPriceDto | undefined };
  /**
   * An admin's read-only look inside a dialog (decision 077): the same content, one heading level
   * down, without the page's metadata (title, JSON-LD) or the contact button.
   */
  preview?: boolean;
}

/** A product as buyers see it on its page; the admin listing preview shows the very same. */
export function ProductDetails({ product, preview = false }: ProductDetailsProps) {
  const Title = preview ? 'h3' : 'h1';
  const Section = preview ? 'h4' : 'h2';
  return (
    <article className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
      {!preview && <ProductMetadata product={product} />}
      {/* Keyed by product so moving to another product starts at its first picture. */}
      <MediaGallery key={product._id} media={product.media} productName={product.name} />

      <div className="space-y-6">
        <div>
          <div className="flex flex-wrap gap-2">
            <Badge tone="info">{categoryLabel(product.category)}</Badge>
            {product.tested && <Badge tone="success">Lab Tested</Badge>}
            {isSoldOut(product) && <Badge tone="warning">{DEALS.soldOut}</Badge>}
          </div>
          <Title className="mt-3 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {product.name}
          </Title>
          <p className="mt-1 text-slate-600">{product.productType}</p>
        </div>

        <dl className="grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4">
          <Fact term="Category">{categoryLabel(product.category)}</Fact>
          <Fact term="Strain">{product.strain || 'Not stated'}</Fact>
          <Fact term="Available">{product.availableQuantity}</Fact>
          <Fact term="Ships from ZIP">{product.zipCode}</Fact>
        </dl>

        <section aria-labelledby="cannabinoid-profile">
          <Section id="cannabinoid-profile" className="text-base font-semibold text-slate-900">
            Cannabinoid profile
          </Section>
          <dl className="mt-2 grid grid-cols-2 gap-4">
            <Fact term="THC">{percent(product.thcContent)}</Fact>
            <Fact term="CBD">{percent(product.cbdContent)}</Fact>
          </dl>
        </section>

        <section aria-labelledby="price-range" className="rounded-lg bg-brand-50 p-4">
          <Section id="price-range" className="text-sm font-medium text-brand-900">
            Price range
          </Section>
          <p className="mt-1 text-xl font-bold text-slate-900">{product.priceRange}</p>
          {product.yourPrice && (
            <p className="mt-1 text-lg font-semibold text-brand-800">
              {BUYER_GROUPS.yourPriceLine(product.yourPrice.pricePerLb)}{' '}
              <span className="text-sm font-normal text-slate-700">
                ({product.yourPrice.source === 'group' ? BUYER_GROUPS.sourceGroup : BUYER_GROUPS.sourceTier})
              </span>
            </p>
          )}
          <p className="mt-1 text-sm text-slate-700">{PRODUCTS.contactPricing}</p>
          <PriceTiersList tiers={product.priceTiers} headingLevel={preview ? 'h5' : 'h3'} />
        </section>

        <section aria-labelledby="product-description">
          <Section id="product-description" className="text-base font-semibold text-slate-900">
            Description
          </Section>
          <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-slate-700">
            {product.description}
          </p>
        </section>

        {!preview && (
          <div className="flex flex-wrap items-start gap-3">
            <ContactSellerButton product={product} />
            <ProductOfferButton product={product} />
            <RequestSampleButton product={product} />
            <WatchButton listingId={product._id} name={product.name} variant="page" />
            <AddToCart product={product} />
          </div>
        )}

        <SellerInformation product={product} />
        <StateRecordFacts product={product} />

        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm text-slate-600">
          <div className="flex gap-1">
            <dt>Listed</dt>
            <dd>
              <time dateTime={product.createdAt}>{formatPacificDate(product.createdAt)}</time>
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Updated</dt>
            <dd>
              <time dateTime={product.updatedAt}>{formatPacificDate(product.updatedAt)}</time>
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
