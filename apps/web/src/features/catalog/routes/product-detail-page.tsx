import { PRODUCTS } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageContainer } from '../../../components/ui/page-container.tsx';
import { DocumentTitle } from '../../../components/ui/page-header.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { categoryLabel, type PublicProduct } from '../../../lib/public-product.ts';
import { formatPacificDate } from '../../../lib/time.ts';
import { ContactSellerButton } from '../../messaging/components/contact-seller-button.tsx';
import { isNotFound, productFailureText, productQueryOptions } from '../api/products-api.ts';
import { MediaGallery } from '../components/media-gallery.tsx';
import { ProductMetadata } from '../components/product-metadata.tsx';
import { SellerInformation } from '../components/seller-information.tsx';

function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-2 text-slate-600">
        <li>
          <Link to="/">Home</Link>
          <span aria-hidden="true"> /</span>
        </li>
        <li>
          <Link to="/products">Products</Link>
          <span aria-hidden="true"> /</span>
        </li>
        <li aria-current="page" className="max-w-[16rem] truncate text-slate-900">
          {current}
        </li>
      </ol>
    </nav>
  );
}

const percent = (value: number | null) => (value === null ? 'Not stated' : `${value}%`);

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function ProductDetails({ product }: { product: PublicProduct }) {
  return (
    <article className="grid gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
      <ProductMetadata product={product} />
      {/* Keyed by product so moving to another product starts at its first picture. */}
      <MediaGallery key={product._id} media={product.media} productName={product.name} />

      <div className="space-y-6">
        <div>
          <div className="flex flex-wrap gap-2">
            <Badge tone="info">{categoryLabel(product.category)}</Badge>
            {product.tested && <Badge tone="success">Lab Tested</Badge>}
          </div>
          <h1 className="mt-3 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {product.name}
          </h1>
          <p className="mt-1 text-slate-600">{product.productType}</p>
        </div>

        <dl className="grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4">
          <Fact term="Category">{categoryLabel(product.category)}</Fact>
          <Fact term="Strain">{product.strain || 'Not stated'}</Fact>
          <Fact term="Available">{product.availableQuantity}</Fact>
          <Fact term="Ships from ZIP">{product.zipCode}</Fact>
        </dl>

        <section aria-labelledby="cannabinoid-profile">
          <h2 id="cannabinoid-profile" className="text-base font-semibold text-slate-900">
            Cannabinoid profile
          </h2>
          <dl className="mt-2 grid grid-cols-2 gap-4">
            <Fact term="THC">{percent(product.thcContent)}</Fact>
            <Fact term="CBD">{percent(product.cbdContent)}</Fact>
          </dl>
        </section>

        <section aria-labelledby="price-range" className="rounded-lg bg-brand-50 p-4">
          <h2 id="price-range" className="text-sm font-medium text-brand-900">
            Price range
          </h2>
          <p className="mt-1 text-xl font-bold text-slate-900">{product.priceRange}</p>
          <p className="mt-1 text-sm text-slate-700">{PRODUCTS.contactPricing}</p>
        </section>

        <section aria-labelledby="product-description">
          <h2 id="product-description" className="text-base font-semibold text-slate-900">
            Description
          </h2>
          <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-slate-700">
            {product.description}
          </p>
        </section>

        <ContactSellerButton product={product} />

        <SellerInformation product={product} />

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

export function ProductDetailPage() {
  const { id = '' } = useParams();
  const product = useQuery(productQueryOptions(id));

  if (product.isPending) return <PageSpinner label="Loading the product" />;

  if (product.isError) {
    const text = productFailureText(product.error);
    return (
      <PageContainer>
        <DocumentTitle title={text} />
        <Breadcrumb current={text} />
        {isNotFound(product.error) ? (
          <EmptyState
            title={PRODUCTS.notFound}
            description="It may have been sold, archived or removed by the seller."
            action={<ButtonLink to="/products">Back to Product Listings</ButtonLink>}
          />
        ) : (
          <Alert tone="error" title={text}>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void product.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <Breadcrumb current={product.data.name} />
      <ProductDetails product={product.data} />
    </PageContainer>
  );
}
