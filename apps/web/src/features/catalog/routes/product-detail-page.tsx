import { PRODUCTS } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { DocumentTitle } from '@/components/ui/page-header.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { isNotFound, productFailureText, productQueryOptions } from '../api/products-api.ts';
import { ProductDetails } from '../components/product-page/product-details.tsx';

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
          <RetryAlert title={text} onRetry={() => void product.refetch()} />
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
